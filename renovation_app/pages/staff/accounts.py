"""/staff (admins): the accounts with role, last sign-in, state and calendar feed; invite,
change role, deactivate, end a feed; the open invitations."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button, post_form, tick_box
from renovation_app.components.links import link
from renovation_app.components.staff import code_field, staff_page, titled_section
from renovation_app.components.staff.table import labelled_cell, stacked_table
from renovation_app.components.styles import BUTTON, INPUT, PILL, STAFF_CARD
from renovation_app.components.ui import alert_text, labelled
from renovation_app.pages.registry import page
from renovation_app.state.staff.accounts import StaffAccountsState as State

SMALL_BUTTON = (
    "rounded-md border border-slate-300 px-2.5 py-1 text-sm font-semibold hover:bg-slate-50"
)


def invite_form() -> rx.Component:
    return post_form(
        labelled(
            "E-mail",
            rx.el.input(
                id="invite-email",
                type="email",
                value=State.invite_email,
                on_change=State.set_invite_email,
                required=True,
                class_name=f"{INPUT} py-2",
            ),
        ),
        labelled(
            "Role",
            rx.el.select(
                rx.el.option("Staff", value="staff"),
                rx.el.option("Admin", value="admin"),
                id="invite-role",
                value=State.invite_role,
                on_change=State.set_invite_role,
                class_name=f"{INPUT} py-2",
            ),
        ),
        rx.el.button("Invite", type="submit", class_name=f"{BUTTON} self-end"),
        on_submit=State.invite,
        class_name="flex flex-wrap items-end gap-3",
        data_testid="invite-form",
    )


def hourly_cost(member: rx.Var) -> rx.Component:
    """The loaded hourly cost a crew day of this person is priced at (admins only)."""
    return rx.el.input(
        default_value=member.hourly_cost,
        input_mode="decimal",
        placeholder="$ / hour",
        aria_label="Loaded hourly cost of " + member.name.to(str),
        on_blur=lambda value: State.set_hourly_cost(member.id, value),
        class_name="w-24 rounded border border-slate-300 px-2 py-1",
        data_testid="hourly-cost",
    )


def overtime_exempt(member: rx.Var) -> rx.Component:
    """Exempt employees count no overtime on their timesheets (admins only)."""
    return tick_box(
        member.overtime_exempt.to(bool),
        lambda ticked: State.set_overtime_exempt(member.id, ticked),
        "Exempt from overtime",
        class_name="mt-1 flex items-center gap-1.5 text-sm text-slate-700",
        box="h-4 w-4",
        test_id="overtime-exempt",
    )


def calendar_feed(member: rx.Var) -> rx.Component:
    """Whether the person's phone reads a calendar feed (their visits, customers' addresses),
    and the button that ends it."""
    return rx.cond(
        member.feed,
        rx.el.div(
            rx.el.span("Calendar feed since ", member.feed, data_testid="calendar-feed"),
            action_button(
                "End calendar feed",
                State.end_feed(member.id),
                f"{SMALL_BUTTON} self-start text-red-800",
            ),
            class_name="flex flex-col gap-1 text-sm",
        ),
        rx.el.span("No calendar feed", class_name="text-sm text-slate-500"),
    )


def member_row(member: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.th(
            rx.el.strong(member.name),
            rx.el.br(),
            rx.el.span(member.email, class_name="font-normal text-slate-600"),
            scope="row",
            class_name="text-left align-top",
        ),
        labelled_cell("Role", rx.el.span(member.role, class_name=PILL)),
        labelled_cell("Last sign-in", member.last_sign_in),
        labelled_cell("Hourly cost", rx.el.div(hourly_cost(member), overtime_exempt(member))),
        labelled_cell(
            "State",
            rx.el.span(
                rx.cond(member.active, "Active", "Deactivated"),
                rx.cond(member.two_step, rx.el.span(" · two-step", class_name="text-slate-600")),
            ),
        ),
        labelled_cell("Calendar", calendar_feed(member)),
        labelled_cell(
            "Actions",
            rx.cond(
                member.me,
                rx.el.span("you", class_name="text-slate-500"),
                rx.el.div(
                    rx.cond(
                        member.role == "admin",
                        action_button(
                            "Make staff", State.set_role(member.id, "staff"), SMALL_BUTTON
                        ),
                        action_button(
                            "Make admin", State.set_role(member.id, "admin"), SMALL_BUTTON
                        ),
                    ),
                    rx.cond(
                        member.active,
                        action_button(
                            "Deactivate",
                            State.deactivate(member.id),
                            f"{SMALL_BUTTON} text-red-800",
                        ),
                        action_button("Reactivate", State.reactivate(member.id), SMALL_BUTTON),
                    ),
                    class_name="flex flex-wrap justify-end gap-2 md:justify-start",
                ),
            ),
        ),
        class_name="border-b border-slate-100 align-top md:[&>*]:py-2 md:[&>*]:pr-3",
        data_testid="member-row",
    )


def invitation_row(invitation: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.strong(invitation.email),
        rx.el.span(" · ", invitation.role, " · link works until ", invitation.expires),
        rx.cond(
            invitation.delivery,
            rx.el.p(
                "E-mail: ",
                invitation.delivery,
                class_name="text-slate-700",
                data_testid="invitation-delivery",
            ),
        ),
        rx.el.div(
            action_button("Send again", State.resend(invitation.id), SMALL_BUTTON),
            action_button(
                "Withdraw", State.withdraw(invitation.id), f"{SMALL_BUTTON} text-red-800"
            ),
            class_name="mt-1 flex gap-2",
        ),
        class_name="border-b border-slate-100 py-2 text-sm",
        data_testid="invitation-row",
    )


def accounts_screen() -> rx.Component:
    return rx.el.div(
        rx.el.h2("Staff", class_name="text-2xl font-extrabold text-slate-900"),
        rx.cond(
            ~State.two_step_on,
            rx.el.p(
                "Turn on two-step sign-in under ",
                link("Account", href=routes.ACCOUNT.path, class_name="underline"),
                " before you invite or change anyone.",
                class_name="rounded-md bg-amber-50 p-3 text-sm text-amber-900",
            ),
        ),
        code_field(
            "staff-code",
            "Each invitation, role change or (de)activation asks for a new code.",
            class_name=f"{INPUT} max-w-48 py-2",
            value=State.action_code,
            on_change=State.set_action_code,
        ),
        titled_section(
            "Invite someone",
            invite_form(),
            class_name="flex flex-col gap-3",
        ),
        alert_text(State.error, "staff-error"),
        stacked_table(
            "Staff accounts",
            ["Person", "Role", "Last sign-in", "Hourly cost", "State", "Calendar", "Actions"],
            State.members,
            member_row,
            right=0,
        ),
        rx.cond(
            State.invitations.length() > 0,
            titled_section(
                "Open invitations",
                rx.el.ul(rx.foreach(State.invitations, invitation_row)),
            ),
        ),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-5xl flex-col gap-6",
    )


@page(routes.STAFF_USERS, on_load=(State.load,))
def staff_accounts() -> rx.Component:
    return staff_page(
        rx.cond(
            State.is_admin,
            accounts_screen(),
            rx.el.p("Only admins manage staff accounts.", class_name=STAFF_CARD),
        ),
        title="Staff",
    )
