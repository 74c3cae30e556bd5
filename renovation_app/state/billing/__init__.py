"""What the estimate and invoice forms share: the line editor's rows and live totals."""

from renovation_app.state.billing.lines import LineEditorMixin

__all__ = ["LineEditorMixin"]
