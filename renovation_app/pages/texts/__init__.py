"""The office's texts: /texts (what nobody has read yet, and texts from unknown numbers)."""

from renovation_app.pages.texts import inbox  # noqa: F401
