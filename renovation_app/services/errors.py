"""The two errors every feature raises to the pages and the API."""


class FormInvalid(ValueError):
    """A form or API request with mistakes: one plain-words message per field (answered 422)."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


class ActionRefused(Exception):
    """An action that cannot be done now (void a paid invoice, pay a void one, refund more than
    was paid...); the message says why in plain words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
