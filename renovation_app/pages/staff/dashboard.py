"""/dashboard: the staff home: settings the law requires that are missing, owed and late,
received, escrow, estimates, what needs attention and the jobs over their estimate, revenue
charts, margins, and the accountant's CSV exports."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import staff_page, titled_section
from renovation_app.components.staff.table import labelled_cell, stacked_table
from renovation_app.components.styles import BUTTON, INPUT, STAFF_CARD
from renovation_app.pages.registry import page
from renovation_app.services.dashboard import BOROUGH_SERIES, MARGIN_SERIES, SERVICE_SERIES
from renovation_app.state.dashboard import DashboardState

# One colour per series, readable on white and told apart in print.
COLOURS = ("#c2410c", "#0f766e", "#1d4ed8", "#7c3aed", "#be123c", "#4d7c0f", "#a16207", "#475569")
TILE = "rounded-lg border border-slate-200 bg-white p-4"


def missing_settings() -> rx.Component:
    """One warning listing the required settings left unset (services.required_settings),
    shown first."""
    return rx.cond(
        DashboardState.missing_settings.length() > 0,
        rx.el.div(
            rx.el.p("Settings New York's duties need are missing", class_name="font-bold"),
            rx.el.ul(
                rx.foreach(
                    DashboardState.missing_settings,
                    lambda m: rx.el.li(
                        rx.el.code(m.env, class_name="font-bold"),
                        ": ",
                        m.words,
                        data_testid="dash-missing-setting",
                    ),
                ),
                class_name="mt-1 flex list-disc flex-col gap-1 pl-5 text-sm",
            ),
            role="alert",
            class_name="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-300",
        ),
    )


def figure_tile(figure: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.p(figure.label, class_name="text-sm text-slate-600"),
        rx.el.p(
            figure.amount,
            class_name="text-lg font-extrabold break-words text-slate-900 sm:text-2xl",
            data_testid=test_id,
        ),
        class_name=TILE,
    )


def figures() -> rx.Component:
    board = DashboardState.board
    return rx.el.div(
        figure_tile(board.owed, "dash-owed"),
        figure_tile(board.overdue, "dash-overdue"),
        figure_tile(board.paid_this_month, "dash-paid-this-month"),
        figure_tile(board.paid_last_month, "dash-paid-last-month"),
        figure_tile(board.held, "dash-held"),
        figure_tile(board.accepted_this_month, "dash-accepted"),
        rx.el.div(
            rx.el.p("Changes awaiting a signature", class_name="text-sm text-slate-600"),
            link(
                board.changes_waiting.amount,
                href=board.changes_waiting.link.to(str),
                class_name="font-bold text-orange-800 underline",
                data_testid="dash-changes-waiting",
            ),
            class_name=TILE,
        ),
        rx.el.div(
            rx.el.p("Estimates awaiting an answer", class_name="text-sm text-slate-600"),
            rx.el.p(
                board.estimates_waiting,
                class_name="text-lg font-extrabold text-slate-900 sm:text-2xl",
                data_testid="dash-estimates-waiting",
            ),
            class_name=TILE,
        ),
        rx.el.div(
            rx.el.p("Texts not read yet", class_name="text-sm text-slate-600"),
            link(
                board.unread_texts,
                href=routes.TEXTS.path,
                class_name="text-lg font-extrabold text-orange-800 underline sm:text-2xl",
                data_testid="dash-unread-texts",
            ),
            rx.cond(
                board.texts_off,
                rx.el.p("Texts are off (no Twilio settings)", class_name="text-xs text-slate-600"),
            ),
            class_name=TILE,
        ),
        rx.el.div(
            rx.el.p("Reviews asked for", class_name="text-sm text-slate-600"),
            rx.el.p(
                board.reviews, class_name="font-bold text-slate-900", data_testid="dash-reviews"
            ),
            class_name=TILE,
        ),
        class_name="grid grid-cols-2 gap-3 lg:grid-cols-4",
    )


def aging() -> rx.Component:
    return titled_section(
        "Owed by age",
        rx.el.ul(
            rx.foreach(
                DashboardState.board.aging,
                lambda f: rx.el.li(
                    link(
                        rx.el.span(f.label, class_name="block text-sm text-slate-600"),
                        rx.el.span(
                            f.amount,
                            class_name="block text-base font-bold break-words text-slate-900 sm:text-lg",
                        ),
                        rx.el.span(
                            f.count,
                            rx.cond(f.count == 1, " invoice", " invoices"),
                            class_name="block text-xs text-slate-600",
                        ),
                        href=f.link,
                        class_name=f"{TILE} block hover:border-orange-700",
                    ),
                    data_testid="dash-age",
                ),
            ),
            class_name="grid grid-cols-2 gap-3 sm:grid-cols-5",
        ),
        class_name="flex flex-col gap-3",
    )


def month_bars(bars: list[rx.Component], data: rx.Var, height: int) -> rx.Component:
    """A bar chart by month, the full width."""
    return rx.recharts.responsive_container(
        rx.recharts.bar_chart(
            *bars,
            rx.recharts.x_axis(data_key="month"),
            rx.recharts.y_axis(width=70),
            rx.recharts.graphing_tooltip(),
            rx.recharts.legend(),
            data=data,
        ),
        width="100%",
        height=height,
    )


def revenue_chart(title: str, data: rx.Var, series: tuple[str, ...], test_id: str) -> rx.Component:
    bars = [
        rx.recharts.bar(data_key=name, stack_id="a", fill=COLOURS[i % len(COLOURS)], name=name)
        for i, name in enumerate(series)
    ]
    return titled_section(
        title,
        month_bars(bars, data, 320),
        class_name="flex flex-col gap-2",
        data_testid=test_id,
    )


def attention() -> rx.Component:
    rows = DashboardState.board.attention
    return titled_section(
        "Needs attention",
        rx.cond(
            rows.length() > 0,
            rx.el.ul(
                rx.foreach(
                    rows,
                    lambda r: rx.el.li(
                        link(
                            r.number,
                            href=r.link,
                            class_name="font-bold text-orange-800 underline",
                        ),
                        " · ",
                        r.customer,
                        ": ",
                        r.words,
                        class_name="text-sm",
                        data_testid="dash-attention",
                    ),
                ),
                class_name="flex flex-col gap-2",
            ),
            rx.el.p("Nothing needs attention.", class_name="text-sm text-slate-600"),
        ),
        class_name="flex flex-col gap-2",
    )


CELL = "py-1 pr-3"
NUMBER_CELL = "py-1 pr-3 tabular-nums"


def over_estimate() -> rx.Component:
    """Open jobs whose costs run over, most over first, each linking to its costs page."""
    margins = DashboardState.board.margins
    rows = margins.over_estimate

    def row(r: rx.Var) -> rx.Component:
        return rx.el.tr(
            rx.el.th(
                link(r.number, href=r.link, class_name="font-bold text-orange-800 underline"),
                scope="row",
                class_name=f"{CELL} text-left",
            ),
            labelled_cell("Title", r.title, CELL),
            labelled_cell("Where", r.words, CELL),
            labelled_cell("Estimated", r.estimated, NUMBER_CELL),
            labelled_cell("Actual", r.actual, NUMBER_CELL),
            labelled_cell("Over by", r.over, f"{NUMBER_CELL} font-bold text-red-800"),
            data_testid="dash-over-estimate",
        )

    headings = ["Job", "Title", "Where", "Estimated", "Actual", "Over by"]
    return titled_section(
        "Jobs over their estimate",
        rx.cond(
            rows.length() > 0,
            rx.el.div(
                stacked_table("Jobs over their estimate", headings, rows, row, right=3),
                rx.cond(
                    margins.over_count > rows.length(),
                    rx.el.p(
                        "The ",
                        rows.length(),
                        " most over of ",
                        margins.over_count,
                        " open jobs.",
                        class_name="text-sm text-slate-600",
                    ),
                ),
            ),
            rx.el.p("No open job runs over its estimate.", class_name="text-sm text-slate-600"),
        ),
        class_name="flex flex-col gap-2",
    )


def margin_table(label: str, first: str, rows: rx.Var, test_id: str) -> rx.Component:
    def row(r: rx.Var) -> rx.Component:
        return rx.el.tr(
            rx.el.th(r.label, scope="row", class_name=f"{CELL} text-left font-semibold"),
            labelled_cell("Jobs", r.jobs, NUMBER_CELL),
            labelled_cell("Revenue", r.revenue, NUMBER_CELL),
            labelled_cell("Costs", r.costs, NUMBER_CELL),
            labelled_cell(
                "Margin",
                r.margin,
                rx.cond(r.margin_cents < 0, f"{NUMBER_CELL} text-red-800", NUMBER_CELL),
            ),
            labelled_cell("Margin %", r.percent, NUMBER_CELL),
            data_testid=test_id,
        )

    headings = [first, "Jobs", "Revenue", "Costs", "Margin", "Margin %"]
    return stacked_table(label, headings, rows, row, right=5)


def margins() -> rx.Component:
    """Revenue before tax less job costs over the charts' twelve months, by month (a chart and
    its table) and by the jobs' main service, with the period's total."""
    m = DashboardState.board.margins
    bars = [
        rx.recharts.bar(data_key=name, fill=COLOURS[i], name=name)
        for i, name in enumerate(MARGIN_SERIES)
    ]
    total = rx.el.p(
        m.total.label,
        ": ",
        m.total.revenue,
        " less ",
        m.total.costs,
        " = ",
        m.total.margin,
        rx.cond(m.total.percent != "", " (" + m.total.percent + ")", ""),
        " over ",
        m.total.jobs,
        rx.cond(m.total.jobs == 1, " job.", " jobs."),
        class_name="text-sm text-slate-700",
        data_testid="dash-margin-total",
    )
    return titled_section(
        "Margins: revenue before tax less job costs",
        total,
        month_bars(bars, m.chart, 280),
        rx.el.h4("By month", class_name="font-bold"),
        margin_table("Margins by month", "Month", m.by_month, "dash-margin-month"),
        rx.el.h4("By main service", class_name="font-bold"),
        margin_table("Margins by service", "Service", m.by_service, "dash-margin-service"),
        class_name="flex flex-col gap-2",
        data_testid="dash-margins",
    )


def exports() -> rx.Component:
    """A download link per export: the browser saves the CSV the server streams."""

    def export_link(kind: str, label: str) -> rx.Component:
        query = "?from=" + DashboardState.export_from + "&to=" + DashboardState.export_to
        return link(
            label,
            href=f"/api/exports/{kind}.csv" + query,  # a Var: a plain <a>, not a router link
            download=f"{kind}.csv",
            class_name=BUTTON,
        )

    return titled_section(
        "Exports for the accountant",
        rx.el.div(
            *[
                rx.el.div(
                    rx.el.label(
                        text, html_for=f"export-{name}", class_name="text-sm font-semibold"
                    ),
                    rx.el.input(
                        id=f"export-{name}",
                        type="date",
                        value=getattr(DashboardState, f"export_{name}"),
                        on_change=getattr(DashboardState, f"set_export_{name}"),
                        class_name=f"{INPUT} py-2",
                    ),
                    class_name="flex flex-col gap-1",
                )
                for name, text in (("from", "From"), ("to", "To"))
            ],
            class_name="flex flex-wrap gap-3",
        ),
        rx.el.div(
            export_link("invoices", "Invoices (CSV)"),
            export_link("payments", "Payments (CSV)"),
            export_link("customers", "Customers (CSV)"),
            export_link("costs", "Job costs (CSV)"),
            class_name="flex flex-wrap gap-3",
        ),
        class_name="flex flex-col gap-3",
    )


@page(routes.DASHBOARD, on_load=(DashboardState.load,))
def dashboard_page() -> rx.Component:
    return staff_page(
        rx.cond(
            DashboardState.board,
            rx.el.div(
                rx.el.h2("Dashboard", class_name="text-2xl font-extrabold text-slate-900"),
                missing_settings(),
                figures(),
                aging(),
                attention(),
                over_estimate(),
                revenue_chart(
                    "Received by month, by service",
                    DashboardState.board.by_service,
                    SERVICE_SERIES,
                    "dash-by-service",
                ),
                revenue_chart(
                    "Received by month, by borough",
                    DashboardState.board.by_borough,
                    BOROUGH_SERIES,
                    "dash-by-borough",
                ),
                margins(),
                exports(),
                class_name=f"{STAFF_CARD} mx-auto flex max-w-6xl flex-col gap-8",
                data_testid="dashboard",
            ),
            rx.el.p("Loading…", class_name="text-center text-slate-600"),
        ),
        title="Dashboard",
    )
