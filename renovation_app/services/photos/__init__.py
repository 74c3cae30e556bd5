"""A job's photos: what the pages show of a photo from a phone (pictures.py)."""

from renovation_app.services.photos.pictures import (
    ProcessedPhoto,
    Variant,
    process_photo,
    process_photo_off_loop,
)

__all__ = ["ProcessedPhoto", "Variant", "process_photo", "process_photo_off_loop"]
