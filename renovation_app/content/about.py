"""The About page texts: the handyman introduction and the two video blocks."""

from .types import VideoBlock

ABOUT_INTRO = (
    "Not every job calls for a general contractor's price tag. Our handyman services cover the "
    "repairs and small projects that keep a home running smoothly: a dripping faucet, a door "
    "that sticks, a cracked tile, a loose railing, shelves to hang or a room to paint. We quote "
    "clearly, arrive with the right tools and materials, and often finish several small jobs in "
    "a single visit, so you get affordable, cost-effective help without waiting weeks or paying "
    "for a different trade for every task."
)

# video_file names a file under assets/videos/; leave it empty until a video is available and
# the block shows its poster image only.
VIDEO_BLOCKS: tuple[VideoBlock, ...] = (
    VideoBlock(
        heading="Best Handyman to Save You Money and Time",
        text=(
            "Small problems become expensive ones when they are left alone. A slow leak "
            "under a sink can ruin a cabinet and the floor beneath it, and a loose tile can "
            "let water into the wall behind it. Our handymen find the cause, fix it properly "
            "the first time and tell you what to keep an eye on. Send us a list of everything "
            "that needs attention and we will plan one visit to work through it, saving you "
            "the cost and hassle of several trades and trips."
        ),
        poster_gallery_slug="floor-tile",
        poster_index=3,
        video_file="",
    ),
    VideoBlock(
        heading="Bringing You the Most Cost-Effective Solutions",
        text=(
            "Cost-effective does not mean cutting corners. It means choosing the right fix "
            "for the problem: refacing cabinets instead of replacing them, regrouting a "
            "shower instead of retiling it, restoring a solid wood table instead of buying a "
            "new one. We explain the options and what each one costs, recommend the one that "
            "gives you the best value over time, and put the price in a written quote before "
            "we start, so you can plan your budget with confidence."
        ),
        poster_gallery_slug="kitchen-remodeling",
        poster_index=3,
        video_file="",
    ),
)
