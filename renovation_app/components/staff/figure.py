"""One figure of a staff page's money: its words above, the amount (tabular digits) below, and
a note beside it in small type ("12.5%")."""

import reflex as rx


def figure(
    words: str, amount: rx.Var, test_id: str, strong: bool = False, note: rx.Var | str = ""
) -> rx.Component:
    size = "text-xl font-extrabold" if strong else "font-semibold"
    return rx.el.div(
        rx.el.dt(words, class_name="text-sm text-slate-600"),
        rx.el.dd(
            amount,
            rx.cond(
                note,
                rx.el.span(" (", note, ")", class_name="text-sm font-normal text-slate-600"),
                "",
            )
            if isinstance(note, rx.Var) or note
            else rx.fragment(),
            class_name=f"tabular-nums {size}",
            data_testid=test_id,
        ),
        class_name="flex flex-col",
    )
