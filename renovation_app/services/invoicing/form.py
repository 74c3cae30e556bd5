"""The invoice form as plain data, for its state: the payload posted to the validation, the
copy a browser tab keeps of what is typed, a saved draft or a sent invoice opened in the form,
and the validation's error keys as the form shows them."""

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field

from renovation_app.content.tax import DEFAULT_TAX_AREA
from renovation_app.services.billing import form_lines
from renovation_app.services.billing.form_lines import LineDraft, new_key
from renovation_app.services.billing.lines import LINES_MAX
from renovation_app.services.billing.totals import TAX_AREA_BY_SLUG
from renovation_app.services.fields import whole_number

# The fields of the form outside its lines and payment schedule.
TEXT_FIELDS = (
    "name",
    "email",
    "phone",
    "address",
    "note",
    "due_date",
    "tax_area",
    "discount",
)
STAGE_FIELDS = ("label", "amount", "due_date")
STAGES_SHOWN_MAX = 12
# "Deposit and two stages": the common split of a renovation job.
STAGE_TEMPLATE = (("Deposit", "30%"), ("Work under way", "40%"), ("Completion", "30%"))
TEXT_MAX = {"label": 100, "amount": 40, "due_date": 10, "discount": 40, "tax_area": 20}


@dataclass
class StageRow:
    """One row of the payment schedule; its inputs keep what is typed (read on submit)."""

    key: str = field(default_factory=new_key)
    label: str = ""
    amount: str = ""
    due_date: str = ""


@dataclass
class InvoiceForm:
    """What the form holds besides its text fields, as the state keeps it."""

    token: str = ""  # the idempotency token sent with the form
    lines: list[LineDraft] = field(default_factory=lambda: [LineDraft()])
    stages: list[StageRow] = field(default_factory=list)
    tax_area: str = DEFAULT_TAX_AREA
    discount: str = ""
    draft_id: int = 0  # the draft being written, 0 for a new invoice
    revising: str = ""  # the number of the sent invoice being revised
    defaults: dict[str, str] = field(default_factory=dict)  # the text fields to start with

    def to_json(self) -> str:
        # Field by field: a state's lists are proxies that asdict cannot copy whole.
        return json.dumps(
            {
                **{name: getattr(self, name) for name in ("token", "tax_area", "discount")},
                **{"draft_id": self.draft_id, "revising": self.revising},
                "lines": [asdict(line) for line in self.lines],
                "stages": [asdict(row) for row in self.stages],
                "defaults": dict(self.defaults),
            }
        )

    def posted(self, form_data: Mapping) -> dict:
        """The payload for the validation: what the browser shows typed (any total it might
        send is never read)."""
        return {
            **{name: str(form_data.get(name, "") or "") for name in TEXT_FIELDS},
            "lines": form_lines.posted_lines(self.lines, form_data),
            "schedule": [
                {name: form_data.get(f"stage-{name}-{row.key}", "") for name in STAGE_FIELDS}
                for row in self.stages
            ],
        }

    def shown_errors(self, errors: Mapping[str, str]) -> dict[str, str]:
        """The validation's errors keyed as the form shows them: a stage's under its row's key
        (lines keep their index)."""
        keys = [row.key for row in self.stages]
        shown = {}
        for key, message in errors.items():
            index = whole_number(key[6:]) if key.startswith("stage:") else None
            if index is not None and index < len(keys):
                key = f"stage:{keys[index]}"
            shown[key] = message
        return shown


def _text(value: object, name: str) -> str:
    return str(value or "")[: TEXT_MAX.get(name, 2000)]


def opened(saved: Mapping, token: str, draft_id: int = 0, revising: str = "") -> InvoiceForm:
    """A saved draft's or a sent invoice's fields (as `InvoiceForm.posted` gives them) as the
    form starts with them."""
    area = _text(saved.get("tax_area"), "tax_area")
    return InvoiceForm(
        token=token,
        lines=form_lines.drafts_from(saved.get("lines") or [], LINES_MAX) or [LineDraft()],
        stages=[
            StageRow(new_key(), *(_text(row.get(n), n) for n in STAGE_FIELDS))
            for row in (saved.get("schedule") or [])[:STAGES_SHOWN_MAX]
            if isinstance(row, Mapping)
        ],
        tax_area=area if area in TAX_AREA_BY_SLUG else DEFAULT_TAX_AREA,
        discount=_text(saved.get("discount"), "discount"),
        draft_id=draft_id,
        revising=revising[:20],
        defaults={name: _text(saved.get(name), name) for name in TEXT_FIELDS},
    )


def restored(text: str) -> InvoiceForm | None:
    """The copy a tab kept (InvoiceForm.to_json), or None when there is none to restore."""
    try:
        saved = json.loads(text or "{}")
        token = str(saved.get("token") or "")[:64]
        if not token:
            return None
        form = opened(
            saved, token, int(saved.get("draft_id") or 0), str(saved.get("revising") or "")
        )
        form.stages = [
            StageRow(
                str(row.get("key") or new_key())[:8], *(_text(row.get(n), n) for n in STAGE_FIELDS)
            )
            for row in (saved.get("stages") or [])[:STAGES_SHOWN_MAX]
        ]
        form.defaults = {
            n: _text(v, n) for n, v in dict(saved.get("defaults") or {}).items() if n in TEXT_FIELDS
        }
    except (ValueError, TypeError, AttributeError):
        return None
    return form
