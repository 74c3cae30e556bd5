"""The e-mails of an invoice or an estimate on its staff page: to whom, and how delivery went
(sent, delivered, bounced ... with the reason), one line each."""

import reflex as rx


def email_list(emails: rx.Var, test_id: str) -> rx.Component:
    """`emails`: a list of mail.emails_about's views (dicts or dataclasses), oldest first."""
    return rx.fragment(
        rx.el.h3("E-mails", class_name="text-lg font-bold"),
        rx.el.ul(
            rx.foreach(
                emails,
                lambda e: rx.el.li(
                    e["to"], ": ", e["delivery"], class_name="text-sm", data_testid=test_id
                ),
            ),
            class_name="flex flex-col gap-1",
        ),
    )
