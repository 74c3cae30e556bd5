"""Design tokens: the page width and the Tailwind classes of buttons and form controls."""

# The centred content column of every section, header and footer.
CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8"
BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-md bg-orange-700 px-5 py-2.5 "
    "text-sm font-semibold text-white shadow-sm hover:bg-orange-800 focus-visible:outline "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
)
# A button on a dark background (the home page's hero).
OUTLINE_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-md border border-white/70 px-5 "
    "py-2.5 text-sm font-semibold text-white hover:bg-white hover:text-slate-900"
)
# A second action beside a BUTTON, on a white background.
SECONDARY_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-md border border-orange-700 bg-white "
    "px-5 py-2.5 text-sm font-semibold text-orange-800 hover:bg-orange-50"
)
# The large button that saves a staff form, at the form's end.
SAVE_BUTTON = f"{BUTTON} px-8 py-3 text-base disabled:opacity-70 sm:ml-auto"
# A staff form field's label, above its control.
FIELD_LABEL = "text-sm font-semibold text-slate-800"
INPUT = (
    "w-full rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-900 "
    "placeholder:text-slate-500 focus:border-orange-700 focus:outline-none focus:ring-2 focus:ring-orange-200"
)
# A tick box; beside words that wrap on a phone, one that keeps its size.
TICK_BOX = "h-5 w-5 accent-orange-700"
TICK_BOX_BY_WORDS = "h-5 w-5 shrink-0 accent-orange-700"
# A white card on the customer's pages (pay, estimate); the staff screens' denser card; a card's
# title, a status pill and a destructive action.
CARD = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
STAFF_CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
CARD_TITLE = "text-xl font-extrabold text-slate-900"
PILL = "inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800"
DANGER_BUTTON = (
    "rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
)
