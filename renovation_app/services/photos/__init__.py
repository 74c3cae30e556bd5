"""A job's photos and daily log: what a phone's photo is made into (pictures.py), keeping and
sharing them (library.py), the staff page's view (views.py), and the finished job's pictures on
the website's gallery (gallery.py)."""

from renovation_app.services.photos.gallery import (
    PublishedPicture,
    public_file,
    publish,
    published_pictures,
    unpublish,
)
from renovation_app.services.photos.library import (
    Saved,
    delete_note,
    delete_photo,
    photo_file,
    receive_photo,
    save_note,
    set_shared,
)
from renovation_app.services.photos.pictures import (
    MAX_BYTES,
    ProcessedPhoto,
    Variant,
    process_photo,
    process_photo_off_loop,
)
from renovation_app.services.photos.views import JobPhotosPage, job_photos

__all__ = [
    "MAX_BYTES",
    "JobPhotosPage",
    "ProcessedPhoto",
    "PublishedPicture",
    "Saved",
    "Variant",
    "delete_note",
    "delete_photo",
    "job_photos",
    "photo_file",
    "process_photo",
    "process_photo_off_loop",
    "public_file",
    "publish",
    "published_pictures",
    "receive_photo",
    "save_note",
    "set_shared",
    "unpublish",
]
