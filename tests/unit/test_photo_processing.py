"""A job photo made into the pages' WebP variants: upright, never upscaled, without any of the
phone's EXIF (location, camera), refused in plain words when it is not a photo, and decoded
off the event loop two at a time."""

import asyncio
import io
import struct
import sys
import threading
import time
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from renovation_app.services.errors import ActionRefused
from renovation_app.services.files import images
from renovation_app.services.photos import ProcessedPhoto, pictures, process_photo
from renovation_app.services.photos import process_photo_off_loop as off_loop
from tests.factories.costs import GPS, png_claiming

# What a WebP of pixels alone is made of; EXIF, XMP and ICCP chunks would carry metadata.
PIXEL_CHUNKS = {b"VP8 ", b"VP8L", b"VP8X", b"ALPH"}


def phone_exif(orientation: int = 1) -> bytes:
    exif = Image.Exif()
    exif[0x0112], exif[0x010F], exif[0x8825] = orientation, "PhoneMaker", GPS
    return exif.tobytes()


def picture(fmt: str, size: tuple[int, int], **params) -> bytes:
    """Red left half, blue right half."""
    image = Image.new("RGB", size, "red")
    image.paste("blue", (size[0] // 2, 0, *size))
    out = io.BytesIO()
    image.save(out, fmt, **params)
    return out.getvalue()


def webp_chunks(content: bytes) -> set[bytes]:
    assert content[:4] == b"RIFF" and content[8:12] == b"WEBP"
    chunks, at = set(), 12
    while at + 8 <= len(content):
        name, size = content[at : at + 4], struct.unpack("<I", content[at + 4 : at + 8])[0]
        chunks.add(name)
        at += 8 + size + size % 2
    return chunks


def assert_no_metadata(photo: ProcessedPhoto) -> None:
    for variant in photo.variants:
        assert webp_chunks(variant.content) <= PIXEL_CHUNKS
        assert b"GPS" not in variant.content and b"PhoneMaker" not in variant.content
        with Image.open(io.BytesIO(variant.content)) as kept:
            assert kept.format == "WEBP" and kept.size == (variant.width, variant.height)
            assert not kept.getexif() and not {"exif", "xmp", "icc_profile"} & set(kept.info)


def top_and_bottom(variant) -> tuple[tuple, tuple]:
    with Image.open(io.BytesIO(variant.content)) as kept:
        upright = kept.convert("RGB")
        return upright.getpixel((upright.width // 2, 2)), upright.getpixel(
            (upright.width // 2, upright.height - 3)
        )


def test_a_phone_jpeg_lying_on_its_side_comes_out_upright_without_its_exif():
    photo = process_photo(picture("JPEG", (1200, 800), exif=phone_exif(6), quality=90))
    assert (photo.content_type, photo.width, photo.height) == ("image/jpeg", 800, 1200)
    assert [(v.width, v.height) for v in photo.variants] == [(320, 480), (480, 720), (800, 1200)]
    top, bottom = top_and_bottom(photo.variants[0])
    assert top[0] > 200 > top[2] and bottom[2] > 200 > bottom[0]  # red on top, as it was seen
    assert_no_metadata(photo)


def test_an_iphone_heic_with_its_location_comes_out_without_it():
    heic = picture("HEIF", (64, 32), exif=phone_exif(6), quality=90)
    assert b"PhoneMaker" in heic and images.image_type(heic) == "image/heic"
    with Image.open(io.BytesIO(heic)) as original:
        assert original.getexif().get_ifd(0x8825)  # where it was taken
    photo = process_photo(heic)
    assert (photo.content_type, photo.width, photo.height) == ("image/heic", 32, 64)
    assert [(v.width, v.height) for v in photo.variants] == [(32, 64)]
    assert_no_metadata(photo)


@pytest.mark.parametrize("fmt, kind", [("PNG", "image/png"), ("WEBP", "image/webp")])
def test_a_png_or_a_webp_is_a_photo_too(fmt, kind):
    photo = process_photo(picture(fmt, (700, 500), exif=phone_exif()))
    assert (photo.content_type, photo.width, photo.height) == (kind, 700, 500)
    assert [v.width for v in photo.variants] == [320, 480, 700]
    assert_no_metadata(photo)


@pytest.mark.parametrize(
    "width, widths",
    [
        (300, [300]),
        (480, [320, 480]),
        (600, [320, 480, 600]),
        (1000, [320, 480, 960, 1000]),
        (2000, [320, 480, 960, 1600]),
    ],
)
def test_the_variants_go_up_in_width_and_never_beyond_the_photo(width, widths):
    photo = process_photo(picture("PNG", (width, width // 2)))
    assert [v.width for v in photo.variants] == widths
    assert [v.height for v in photo.variants] == [w // 2 for w in widths]


def test_a_landscape_jpeg_is_decoded_at_a_reduced_scale_and_keeps_its_own_size():
    photo = process_photo(picture("JPEG", (3400, 1700), quality=80))
    assert (photo.width, photo.height) == (3400, 1700)  # the photo's, not the draft's (1700)
    assert [(v.width, v.height) for v in photo.variants] == [
        (320, 160),
        (480, 240),
        (960, 480),
        (1600, 800),
    ]


@pytest.mark.parametrize(
    "brand, kind",
    [
        (b"heic", "image/heic"),
        (b"mif1", "image/heic"),
        (b"hevc", "image/heic"),
        (b"avif", None),
        (b"isom", None),
        (b"qt  ", None),
    ],
)
def test_a_heic_is_known_by_its_ftyp_brand(brand, kind):
    assert images.image_type(b"\x00\x00\x00\x18ftyp" + brand + b"\x00" * 12) == kind


def tall_strip() -> bytes:
    out = io.BytesIO()
    Image.new("1", (20, 20_000)).save(out, "PNG")  # 1,600 wide it would be 1.6 million tall
    return out.getvalue()


ELF = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 56
SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'


@pytest.mark.parametrize(
    "content, match",
    [
        (b"", "The photo file is empty."),
        (
            b"MZ\x90\x00\x03\x00\x00\x00 This program cannot be run in DOS mode",
            pictures.NOT_A_PHOTO,
        ),
        (ELF, pictures.NOT_A_PHOTO),
        (b"\xff\xd8\xff\xe0" + b"\x00" * (31 * 1024 * 1024), "larger than 30 MB"),
        (SVG, pictures.NOT_A_PHOTO),
        (lambda: picture("GIF", (40, 20)), pictures.NOT_A_PHOTO),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01 then garbage" * 20, pictures.UNREADABLE),
        (lambda: picture("JPEG", (400, 300))[:600], pictures.UNREADABLE),  # cut short
        (lambda: png_claiming(20_000, 20_000), pictures.TOO_LARGE),  # Pillow's bomb error
        (lambda: png_claiming(10_000, 10_000), pictures.TOO_LARGE),  # a 100 MP scan: its warning
        (lambda: png_claiming(8_000, 8_000), pictures.TOO_LARGE),  # 64 MP, our own limit
        (tall_strip, pictures.TOO_NARROW),
    ],
)
def test_what_is_not_a_readable_photo_is_refused_in_plain_words(content, match):
    with pytest.raises(ActionRefused) as refused:
        process_photo(content() if callable(content) else content)
    assert match in refused.value.message


def test_twenty_uploads_at_once_decode_two_at_a_time_off_the_event_loop(monkeypatch):
    busy, most, lock = 0, 0, threading.Lock()

    def slow_process(content: bytes) -> bytes:
        nonlocal busy, most
        with lock:
            busy += 1
            most = max(most, busy)
        time.sleep(0.05)
        with lock:
            busy -= 1
        return content[::-1]

    async def uploads() -> tuple[list[bytes], int]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.005)
                ticks += 1

        beating = asyncio.create_task(ticker())
        done = await asyncio.gather(*(off_loop(b"photo %d" % n) for n in range(10)))
        beating.cancel()
        return done, ticks

    monkeypatch.setattr(pictures, "process_photo", slow_process)
    done, ticks = asyncio.run(uploads())
    assert done == [(b"photo %d" % n)[::-1] for n in range(10)]
    assert most == 2 and ticks >= 20  # five rounds of 50 ms, the loop answering all along


def test_off_the_loop_gives_what_process_photo_gives():
    jpeg = picture("JPEG", (900, 600), exif=phone_exif(6))
    assert asyncio.run(off_loop(jpeg)) == process_photo(jpeg)
    with pytest.raises(ActionRefused, match="not a photo"):
        asyncio.run(off_loop(b"GIF89a"))


def test_the_shared_rule_gives_the_upright_picture_or_the_callers_own_words():
    upright = images.open_upright(picture("JPEG", (40, 20), exif=phone_exif(6)), 800, "unread")
    assert (upright.image.size, upright.width, upright.height) == ((20, 40), 20, 40)
    assert upright.image.mode == "RGB" and upright.image.info == {}
    with pytest.raises(ActionRefused, match="too big"):
        images.open_upright(picture("PNG", (40, 21)), 800, "unread", too_large="too big")
    with pytest.raises(ActionRefused, match="unread"):
        images.open_upright(picture("GIF", (40, 20)), 800, "unread")  # no GIF decoder is used


def test_decoding_in_threads_leaves_the_warning_filters_as_they_were():
    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads taking turns all the time, as on a busy server
    filters = list(warnings.filters)
    jobs = [picture("PNG", (40, 20)), png_claiming(10_000, 10_000)] * 100
    try:
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(refused_or_size, jobs))
    finally:
        sys.setswitchinterval(switching)
    # Each bomb's warning made an error, and the filters put back as they were.
    assert answers == [(40, 20), pictures.UNREADABLE] * 100
    assert warnings.filters == filters


def refused_or_size(content: bytes) -> tuple[int, int] | str:
    try:
        return images.open_upright(content, 50_000_000, pictures.UNREADABLE).image.size
    except ActionRefused as refused:
        return refused.message


def test_a_100_megapixel_scan_is_told_it_is_too_large_and_what_the_limit_is():
    with pytest.raises(ActionRefused) as refused:
        process_photo(png_claiming(10_000, 10_000))
    words = refused.value.message
    assert "too large" in words and "50 megapixels" in words and "could not be read" not in words
