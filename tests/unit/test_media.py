"""The image pipeline: scripts/build_images.py output as renovation_app.media serves it."""

import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from renovation_app import media
from renovation_app.content import GALLERIES

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_images.py"
ASSETS = ROOT / "assets"
GENERATED = (ASSETS / "img", ASSETS / "og-image.jpg", ROOT / ".cache" / "placeholder-photos")


def run_script() -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.fixture(scope="module", autouse=True)
def built_images():
    """Build the images once if they are missing (a cold build takes about a minute)."""
    if not media.MANIFEST_PATH.exists():
        run_script()
    _clear_media_caches()
    yield
    _clear_media_caches()


def _clear_media_caches() -> None:
    media._manifest.cache_clear()
    media.gallery_pictures.cache_clear()
    media.hero_picture.cache_clear()


def _on_disk(url: str) -> Path:
    assert url.startswith("/"), url
    return ASSETS / url.lstrip("/")


def _srcset(pic: media.Picture) -> list[tuple[str, int]]:
    out = []
    for part in pic.srcset.split(","):
        url, descriptor = part.split()
        assert re.fullmatch(r"\d+w", descriptor), part
        out.append((url, int(descriptor[:-1])))
    return out


def _size(path: Path) -> tuple[int, int]:
    with Image.open(path) as im:
        return im.size


ALL = [(g.slug, g.image_count) for g in GALLERIES]


@pytest.mark.parametrize(("slug", "count"), ALL)
def test_every_gallery_has_its_image_count(slug, count):
    pictures = media.gallery_pictures(slug)
    assert len(pictures) == count
    assert media.gallery_picture(slug, 1) == pictures[0]
    assert media.gallery_picture(slug, count) == pictures[-1]
    with pytest.raises(IndexError):
        media.gallery_picture(slug, count + 1)


@pytest.mark.parametrize(("slug", "count"), ALL)
def test_files_exist_and_sizes_match(slug, count):
    for pic in media.gallery_pictures(slug):
        entries = _srcset(pic)
        assert [w for _, w in entries] == sorted(w for _, w in entries)
        urls = [u for u, _ in entries]
        assert pic.src in urls and pic.full == urls[-1]
        for url, width in entries:
            path = _on_disk(url)
            assert path.is_file(), path
            assert _size(path)[0] == width
        assert pic.width > 0 and pic.height > 0
        assert _size(_on_disk(pic.src)) == (pic.width, pic.height)
        assert pic.thumb_width > 0 and pic.thumb_height > 0
        assert _size(_on_disk(pic.thumb)) == (pic.thumb_width, pic.thumb_height)


@pytest.mark.parametrize(("slug", "count"), ALL)
def test_alt_texts_are_distinct(slug, count):
    alts = [p.alt for p in media.gallery_pictures(slug)]
    assert all(a.strip() for a in alts)
    assert len(set(alts)) == count
    assert alts[0].endswith(f"photo 1 of {count}")


def test_urls_are_site_paths():
    pic = media.gallery_picture("kitchen-remodeling", 1)
    assert pic.src == "/img/kitchen-remodeling/01-800.webp"
    assert pic.srcset.startswith("/img/kitchen-remodeling/01-480.webp 480w, ")
    assert pic.thumb == "/img/kitchen-remodeling/01-thumb.webp"


def test_hero_and_og_image():
    hero = media.hero_picture()
    assert hero.alt
    for url, width in _srcset(hero):
        assert _size(_on_disk(url))[0] == width
    assert _size(_on_disk(hero.src)) == (hero.width, hero.height)
    assert _size(ASSETS / "og-image.jpg") == (1200, 630)


def test_size_budgets():
    hero = _on_disk(media.hero_picture().src)
    assert hero.stat().st_size < 40_000
    for g in GALLERIES:
        for pic in media.gallery_pictures(g.slug):
            assert _on_disk(pic.thumb).stat().st_size < 15_000


def test_unknown_gallery():
    with pytest.raises(KeyError):
        media.gallery_pictures("no-such-gallery")


def test_missing_manifest_says_how_to_build(monkeypatch, tmp_path):
    monkeypatch.setattr(media, "MANIFEST_PATH", tmp_path / "manifest.json")
    _clear_media_caches()
    try:
        with pytest.raises(media.ImagesNotBuiltError, match="build_images.py"):
            media.gallery_pictures("roofing")
    finally:
        monkeypatch.undo()
        _clear_media_caches()


def test_placeholders_are_deterministic():
    """Drawing a placeholder again gives the very same JPEG as the cached one."""
    cached = ROOT / ".cache" / "placeholder-photos" / "pavers-walkways" / "01.jpg"
    if not cached.exists():
        pytest.skip("a real photo is used for this slot")
    spec = importlib.util.spec_from_file_location("build_images", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    buf = io.BytesIO()
    module.render_placeholder("pavers-walkways", 1).save(buf, "JPEG", quality=90, optimize=True)
    assert buf.getvalue() == cached.read_bytes()


def test_second_run_rewrites_nothing():
    def mtimes() -> dict[Path, int]:
        files = []
        for root in GENERATED:
            files += [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()]
        return {p: p.stat().st_mtime_ns for p in files}

    run_script()  # whatever state the tree was in, it is now up to date
    before = mtimes()
    out = run_script()
    assert "up to date" in out
    assert mtimes() == before


def test_a_new_clone_copies_the_placeholders_this_machine_already_drew(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("build_images_cached", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "MACHINE_CACHE", tmp_path / "machine")
    module.drawing_key()  # read from the repository's drawing code, before its files move
    monkeypatch.setattr(module, "ROOT", tmp_path)  # where the clones' files are named from

    def job_in(clone: Path) -> dict:
        outputs = [
            {**out, "path": str(clone / Path(out["path"]).name)}
            for out in module.image_outputs("pavers-walkways", 1)
        ]
        source = str(clone / "01.jpg")
        return dict(slug="pavers-walkways", n=1, source=source, draw=True, outputs=outputs)

    first = job_in(tmp_path / "first")
    module.run_job(first)
    drawn = {Path(o["path"]).name: Path(o["path"]).read_bytes() for o in first["outputs"]}

    def never(*_):
        raise AssertionError("drawn again")

    monkeypatch.setattr(module, "render_placeholder", never)
    second = job_in(tmp_path / "second")
    signatures, copied_them = module.run_job(second)
    copied = {Path(o["path"]).name: Path(o["path"]).read_bytes() for o in second["outputs"]}
    assert copied_them and copied == drawn and len(signatures) == len(second["outputs"])
    source = Path(second["source"]).stat().st_mtime_ns
    assert all(Path(o["path"]).stat().st_mtime_ns >= source for o in second["outputs"])
