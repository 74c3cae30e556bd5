"""Pictures staff upload, decoded the one safe way: the type read from the first bytes, only the
four decoders a phone's photo needs, a pixel limit checked before anything is decoded, turned
upright, and nothing of the file's metadata (EXIF, GPS, XMP, ICC) kept on the image; and a
picture of a paper (a receipt, a certificate, a signed page) written again as a plain JPEG."""

import io
import threading
import warnings
from typing import NamedTuple

from PIL import Image, ImageOps
from pillow_heif import register_heif_opener

from renovation_app.services import files
from renovation_app.services.errors import ActionRefused

register_heif_opener()  # Pillow then opens an iPhone's HEIC

# The brands of an ISO-BMFF file (its `ftyp` box at offset 4) that are a HEIF still picture.
_HEIF_BRANDS = {b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1"}
# Whatever the bytes claim, no other Pillow decoder (GIF, TIFF, EPS...) is ever given them.
_DECODERS = ("JPEG", "PNG", "WEBP", "HEIF")
_QUARTER_TURNS = {5, 6, 7, 8}  # EXIF orientations whose upright width is the stored height
# Pillow warns of a decompression bomb while it reads the header (Image.open), and the warning
# is made an error. warnings.catch_warnings changes the process's filters, so two threads in it
# at once would put back each other's: headers are read one at a time, pixels decoded in parallel.
_OPENING = threading.Lock()


def image_type(content: bytes) -> str | None:
    """image/jpeg, image/png, image/webp or image/heic by the first bytes; None for anything
    else (an SVG, a GIF, a program renamed .jpg)."""
    if content[4:8] == b"ftyp" and content[8:12] in _HEIF_BRANDS:
        return "image/heic"
    kind = files.picture_or_scan_type(content)
    return kind if kind is not None and kind.startswith("image/") else None


def megapixels(pixels: int) -> str:
    """The limit in words: "50 megapixels"."""
    return f"{pixels / 1_000_000:g} megapixels"


def _header(content: bytes, too_large: str) -> Image.Image:
    """The picture opened by its header alone. Pillow's own decompression-bomb limit (89
    megapixels, far above ours) is refused as too large, as ours is: a 100-megapixel scan is
    not unreadable, and the person must be told why it was refused."""
    try:
        with _OPENING, warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            return Image.open(io.BytesIO(content), formats=_DECODERS)
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ActionRefused(too_large) from None


class Upright(NamedTuple):
    image: Image.Image  # upright RGB pixels, no metadata; smaller than the picture when drafted
    width: int  # the picture's own upright size, whatever scale it was decoded at
    height: int


def open_upright(
    content: bytes,
    max_pixels: int,
    refused: str,
    *,
    too_large: str | None = None,
    draft_to: int | None = None,
) -> Upright:
    """The picture as upright RGB pixels and nothing else, with its upright size.
    ActionRefused(refused) when it cannot be read, ActionRefused(too_large or refused) when its
    header says more than max_pixels (or more than Pillow's own decompression-bomb limit).
    With draft_to, a JPEG is decoded at the smallest scale (1/2, 1/4, 1/8) whose upright width
    is still at least draft_to: a landscape 12 MP photo is then decoded at a quarter of its
    pixels."""
    try:
        image = _header(content, too_large or refused)
        with image:
            width, height = image.size
            if width * height > max_pixels:
                raise ActionRefused(too_large or refused)
            if draft_to and image.format == "JPEG":
                turned = image.getexif().get(0x0112) in _QUARTER_TURNS
                image.draft("RGB", (1, draft_to) if turned else (draft_to, 1))
            image.load()
            upright = ImageOps.exif_transpose(image)  # a copy, turned as the EXIF says
            if upright.size != image.size:  # a quarter turn
                width, height = height, width
            if upright.mode != "RGB":
                upright = upright.convert("RGB")
    except ActionRefused:
        raise
    except Exception:
        # Whatever a decoder raises on bytes it cannot read is that: the usual OSError,
        # SyntaxError, ValueError, DecompressionBombError or the warning made an error, and also
        # (found by mutating photos) EOFError from libheif and TypeError from a broken EXIF.
        raise ActionRefused(refused) from None
    upright.info = {}  # no encoder can find the EXIF, XMP or ICC profile to write back
    return Upright(upright, width, height)


# A paper's picture: a 12-megapixel phone photo is far below; a decompression bomb is not.
PAPER_MAX_PIXELS = 50_000_000
PAPER_LONGEST_SIDE = 2400  # every line of a till receipt or a certificate's small print
PAPER_TOO_LARGE = (
    f"This picture is too large: at most {megapixels(PAPER_MAX_PIXELS)}. Please take a photo "
    "of the paper, or scan it again at a lower resolution."
)


def plain_jpeg(content: bytes, unreadable: str) -> bytes:
    """A picture of a paper drawn again as a JPEG: upright, at most PAPER_LONGEST_SIDE, without
    its EXIF (the phone's GPS position, its make and model), XMP or ICC. ActionRefused in
    words when it cannot be read or is too large."""
    image = open_upright(content, PAPER_MAX_PIXELS, unreadable, too_large=PAPER_TOO_LARGE).image
    image.thumbnail((PAPER_LONGEST_SIDE, PAPER_LONGEST_SIDE))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, optimize=True)  # no exif= : nothing of it is kept
    return out.getvalue()
