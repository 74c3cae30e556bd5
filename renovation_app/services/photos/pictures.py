"""A job photo from a phone made into what the pages show: checked by its content, turned
upright, and written again as WebP at the pages' widths, with nothing of the phone's EXIF
(where it was taken, the camera) kept. Keeping the original is the library's part."""

import io
from dataclasses import dataclass

import anyio
from anyio import to_thread
from PIL import Image

from renovation_app.services.errors import ActionRefused
from renovation_app.services.files import UploadRefusals, images, upload_type

MAX_BYTES = 30 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 12 MP phone photo is far below; a decompression bomb is not
WIDTHS = (320, 480, 960, 1600)  # a phone's thumbnails, the grids, the project page, the lightbox
# Method 2 encodes in a third of method 4's time for 1-6 % more bytes at the same quality
# (bench/photo_variants.py --compare): a 12 MP photo's variants in 0.5 s (JPEG), 1 s (HEIC).
WEBP_QUALITY, WEBP_METHOD = 80, 2
NOT_A_PHOTO = "This file is not a photo: please choose a JPEG, PNG, HEIC or WebP picture."
UNREADABLE = "This photo could not be read: please choose it again or take another."
TOO_LARGE = (
    f"This picture is too large: at most {images.megapixels(MAX_PIXELS)} (a phone's photo is "
    "12). Please choose a smaller copy, or scan it again at a lower resolution."
)
TOO_NARROW = "This picture is too long and narrow to show: please crop it and send it again."
WEBP_MAX_SIDE = 16383  # no WebP is longer
REFUSALS = UploadRefusals(
    empty="The photo file is empty.",
    too_large="This photo is larger than 30 MB: please choose a smaller one.",
    wrong_type=NOT_A_PHOTO,
)

# At most two photos decoded at once, whatever the number of uploads: each holds up to about
# 100 MB while it works, and the server has two cores.
_decoding = anyio.CapacityLimiter(2)


@dataclass(frozen=True)
class Variant:
    width: int
    height: int
    content: bytes  # WebP, without metadata


@dataclass(frozen=True)
class ProcessedPhoto:
    content_type: str  # of the original: image/jpeg, image/png, image/webp or image/heic
    width: int  # the original's size, upright
    height: int
    variants: tuple[Variant, ...]  # by ascending width; never wider than the original


def process_photo(content: bytes) -> ProcessedPhoto:
    """The photo's type, upright size and WebP variants; ActionRefused, with words for the person
    who sent it, when it is empty, too large or not a photo that can be read."""
    content_type = upload_type(content, MAX_BYTES, images.image_type, REFUSALS)
    upright = images.open_upright(
        content, MAX_PIXELS, UNREADABLE, too_large=TOO_LARGE, draft_to=WIDTHS[-1]
    )
    widths = sorted({min(width, upright.width) for width in WIDTHS})
    if _height_at(upright.image, widths[-1]) > WEBP_MAX_SIDE:
        raise ActionRefused(TOO_NARROW)
    return ProcessedPhoto(
        content_type, upright.width, upright.height, _variants(upright.image, widths)
    )


def _height_at(image: Image.Image, width: int) -> int:
    return max(1, round(image.height * width / image.width))


def _variants(image: Image.Image, widths: list[int]) -> tuple[Variant, ...]:
    """Each width made from the next larger one (1600 from the photo, 960 from 1600...): the
    same picture to the eye as one made from the photo itself, in 60 % of the resizing time."""
    made = []
    for width in reversed(widths):
        if width != image.width:
            size = (width, _height_at(image, width))
            image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
        out = io.BytesIO()
        # No exif=, xmp= or icc_profile=: the image itself carries none (open_upright).
        image.save(out, "WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
        made.append(Variant(width, image.height, out.getvalue()))
    return tuple(reversed(made))


async def process_photo_off_loop(content: bytes) -> ProcessedPhoto:
    """process_photo in a worker thread, at most two at once: the event loop goes on serving
    while photos are decoded."""
    return await to_thread.run_sync(process_photo, content, limiter=_decoding)
