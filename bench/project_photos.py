"""A finished kitchen job with 30 photos and a note shown to the owner, and 40 of its after
photos published on the kitchen gallery, in the database of DATABASE_URL and the files storage
of the settings; prints the owner's project page path. bench.lighthouse --photos audits it and
the gallery."""

import asyncio
import io
import random
import secrets

from PIL import Image, ImageDraw

from renovation_app.db import db_session
from renovation_app.models import Job, JobStatus, Role
from renovation_app.services import jobs, photos, project
from renovation_app.services.staff import SignedInUser, users

SHARED, PUBLISHED = 30, 40


def photo(n: int) -> bytes:
    """A 2016 x 1512 photo of a room as a phone takes one: walls in a soft gradient, cabinets
    and a counter, and the sensor's grain (random noise would weigh three times a real photo)."""
    rng = random.Random(n)
    size = (2016, 1512)
    wall = Image.linear_gradient("L").resize(size).convert("RGB")
    tint = Image.new(
        "RGB", size, (rng.randint(150, 230), rng.randint(140, 220), rng.randint(120, 200))
    )
    room = Image.blend(wall, tint, 0.7)
    draw = ImageDraw.Draw(room)
    for door in range(rng.randint(4, 8)):  # cabinet doors
        x = 80 + door * 230
        shade = rng.randint(200, 250)
        draw.rectangle(
            (x, 820, x + 210, 1400), fill=(shade, shade, shade - 10), outline=(90, 90, 90), width=6
        )
    draw.rectangle((0, 760, size[0], 820), fill=(rng.randint(60, 120),) * 3)  # the counter
    # Texture at the scale a 480 px picture keeps (wood grain, tile, shadows), and the grain.
    texture = Image.effect_noise((size[0] // 6, size[1] // 6), 40).resize(
        size, Image.Resampling.BICUBIC
    )
    room = Image.blend(room, Image.merge("RGB", [texture] * 3), 0.22)
    out = io.BytesIO()
    room.save(out, "JPEG", quality=88)
    return out.getvalue()


def finished_job(user: SignedInUser) -> Job:
    work = {
        "name": "Maria Alvarez",
        "email": f"maria-{secrets.token_hex(3)}@example.com",
        "phone": "",
        "title": "Kitchen remodel",
        "address": "123 Court St, Brooklyn",
        "price": "480",
        "tax_category": "capital_improvement",
        "tax_area": "nyc",
    }
    job = jobs.create_small_job(jobs.validate_small_work(work), user, secrets.token_hex(8))
    with db_session() as session:  # finished: its pictures may go on the website
        row = session.get(Job, job.id)
        row.status = JobStatus.SUBSTANTIALLY_COMPLETE
        session.add(row)
        session.commit()
    return job


async def upload_all(job: Job, user: SignedInUser, note_id: int) -> list[int]:
    ids = []
    for n in range(max(SHARED, PUBLISHED)):
        saved = await photos.receive_photo(
            job.number,
            user,
            secrets.token_hex(16),
            "after",
            "Kitchen",
            note_id if n < 4 else None,
            photo(n),
        )
        ids.append(saved.id)
    return ids


def main() -> str:
    author = users.create_user(
        f"bench-{secrets.token_hex(4)}@example.com",
        "Bench Admin",
        secrets.token_urlsafe(16),
        admin=True,
    )
    user = SignedInUser(author.id, author.email, author.name, Role.ADMIN, True)
    job = finished_job(user)
    note = photos.save_note(
        job.number,
        user,
        secrets.token_hex(16),
        "Cabinets in, counters templated; the backsplash tile comes Monday.",
    )
    photos.set_shared(job.number, "note", note.id, True, user)
    ids = asyncio.run(upload_all(job, user, note.id))
    for photo_id in ids[:SHARED]:
        photos.set_shared(job.number, "photo", photo_id, True, user)
    for n, photo_id in enumerate(ids[:PUBLISHED], start=1):
        photos.publish(
            job.number,
            user,
            photo_id,
            None,
            {
                "gallery": "kitchen-remodeling",
                "caption": f"Park Slope kitchen, view {n}",
                "alt": f"A remodeled kitchen with shaker cabinets, view {n}",
                "permission": True,
            },
        )
    url = project.make_link(job.number, job.customer_email, user)
    return "/project/" + url.rsplit("/", 1)[1]


if __name__ == "__main__":
    print(main())
