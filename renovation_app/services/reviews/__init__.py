"""Review requests: asked once after a job's final payment, their link's opens counted."""

from renovation_app.services.reviews.asking import (
    REVIEW_PATH_PREFIX,
    ReviewCounts,
    ask_after_final_payment,
    ask_for_review,
    open_review_link,
    review_counts,
)

__all__ = [
    "REVIEW_PATH_PREFIX",
    "ReviewCounts",
    "ask_after_final_payment",
    "ask_for_review",
    "open_review_link",
    "review_counts",
]
