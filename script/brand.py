"""Draw LLM Hub's brand images (icon, logo, dark logo) with Pillow.

Writes ``custom_components/llm_hub/brand/``, which Home Assistant (2026.3 and newer) serves
for a custom integration: ``icon.png`` 256x256 and ``icon@2x.png`` 512x512 (square),
``logo.png`` / ``dark_logo.png`` 256 px high and ``logo@2x.png`` / ``dark_logo@2x.png``
512 px high (landscape), all RGBA PNG, following the image rules of Home Assistant's brands
repository. The motif: a hub node (a speech bubble, for the model) with six tool nodes around
it, white on a teal-to-indigo tile. Everything is drawn 4x larger and scaled down, for smooth
edges; the word mark uses the font bundled with Pillow, so the output depends only on
Pillow's version.

Usage: script/brand          (runs this in the test venv)
       script/brand --check  (exit 1 when the files hold other pixels than this draws)
"""

from __future__ import annotations

import argparse
import io
import math
from pathlib import Path
import sys

from PIL import Image, ImageDraw, ImageFont

__all__ = ["BRAND_DIR", "draw_all", "draw_icon", "draw_logo", "png_bytes", "stale_images"]

BRAND_DIR = Path(__file__).resolve().parent.parent / "custom_components" / "llm_hub" / "brand"
SUPERSAMPLE = 4
TOP_LEFT = (18, 184, 203)  # teal
BOTTOM_RIGHT = (57, 73, 171)  # indigo
WHITE = (255, 255, 255, 255)
INK_LIGHT = (31, 41, 55, 255)  # word mark on light backgrounds
INK_DARK = (243, 244, 246, 255)  # word mark on dark backgrounds
WORD_MARK = "LLM Hub"


def _gradient(size: int) -> Image.Image:
    """Return a size by size RGBA diagonal gradient from TOP_LEFT to BOTTOM_RIGHT."""
    steps = 256
    ramp = Image.new("RGBA", (steps, 1))
    for x in range(steps):
        t = x / (steps - 1)
        ramp.putpixel(
            (x, 0),
            (*(round(a + (b - a) * t) for a, b in zip(TOP_LEFT, BOTTOM_RIGHT, strict=True)), 255),
        )
    # Made at 256 px and scaled up: a linear gradient scales without loss.
    diagonal = ramp.resize((2 * steps, 2 * steps)).rotate(-45, resample=Image.Resampling.BICUBIC)
    tile = diagonal.crop((steps // 2, steps // 2, steps // 2 + steps, steps // 2 + steps))
    return tile.resize((size, size), Image.Resampling.BILINEAR)


def _icon_large(size: int) -> Image.Image:
    """Return the icon drawn at size by size (to be scaled down by SUPERSAMPLE)."""
    u = size / 256  # one unit of the 256-unit design grid
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size - 1, size - 1), radius=56 * u, fill=255)
    tile = _gradient(size)
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    icon.paste(tile, (0, 0), mask)

    draw = ImageDraw.Draw(icon)
    cx, cy = 128 * u, 132 * u
    ring = 80 * u
    nodes = [
        (cx + ring * math.cos(math.radians(a)), cy + ring * math.sin(math.radians(a)))
        for a in range(-90, 270, 60)
    ]
    # The ring through the tool nodes, faint, then the spokes and the nodes.
    faint = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(faint).ellipse(
        (cx - ring, cy - ring, cx + ring, cy + ring),
        outline=(255, 255, 255, 90),
        width=round(7 * u),
    )
    icon.alpha_composite(faint)
    for x, y in nodes:
        draw.line((cx, cy, x, y), fill=WHITE, width=round(12 * u))
    for x, y in nodes:
        r = 19 * u
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE)

    # The hub: a speech bubble with three dots in the tile's colour.
    w, h = 50 * u, 38 * u
    draw.rounded_rectangle((cx - w, cy - h, cx + w, cy + h), radius=22 * u, fill=WHITE)
    draw.polygon(
        [
            (cx - 26 * u, cy + h - 4 * u),
            (cx - 34 * u, cy + h + 20 * u),
            (cx - 4 * u, cy + h - 4 * u),
        ],
        fill=WHITE,
    )
    dot = 9 * u
    for dx in (-26 * u, 0, 26 * u):
        shade = tile.getpixel((round(cx + dx), round(cy)))
        draw.ellipse((cx + dx - dot, cy - dot, cx + dx + dot, cy + dot), fill=shade)
    return icon


def draw_icon(size: int) -> Image.Image:
    """Return the square RGBA icon of size by size pixels."""
    large = _icon_large(size * SUPERSAMPLE)
    return large.resize((size, size), Image.Resampling.LANCZOS)


def draw_logo(height: int, ink: tuple[int, int, int, int]) -> Image.Image:
    """Return the RGBA logo, height pixels high: the icon, then the word mark in ink."""
    big = height * SUPERSAMPLE
    font = ImageFont.load_default(size=round(big * 0.5))
    left, top, right, bottom = font.getbbox(WORD_MARK, stroke_width=round(big * 0.012))
    gap = round(big * 0.14)
    width = big + gap + math.ceil(right - left)
    logo = Image.new("RGBA", (width, big), (0, 0, 0, 0))
    logo.alpha_composite(_icon_large(big))
    ImageDraw.Draw(logo).text(
        (big + gap - left, (big - (bottom - top)) / 2 - top),
        WORD_MARK,
        font=font,
        fill=ink,
        stroke_width=round(big * 0.012),
        stroke_fill=ink,
    )
    # Trimmed on the right to the last drawn column (the font's box has some room).
    right_edge = logo.getchannel("A").getbbox()[2]  # type: ignore[index]
    logo = logo.crop((0, 0, right_edge, big))
    return logo.resize((round(right_edge / SUPERSAMPLE), height), Image.Resampling.LANCZOS)


def draw_all() -> dict[str, Image.Image]:
    """Return every brand image by file name."""
    return {
        "icon.png": draw_icon(256),
        "icon@2x.png": draw_icon(512),
        "logo.png": draw_logo(256, INK_LIGHT),
        "logo@2x.png": draw_logo(512, INK_LIGHT),
        "dark_logo.png": draw_logo(256, INK_DARK),
        "dark_logo@2x.png": draw_logo(512, INK_DARK),
    }


def png_bytes(image: Image.Image) -> bytes:
    """Return the image as an optimized PNG."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def stale_images() -> list[str]:
    """Return the names of brand files missing or with other pixels than this script draws.

    Pixels, not bytes, are compared: another zlib may compress the same image differently.
    """
    stale = []
    for name, image in draw_all().items():
        path = BRAND_DIR / name
        if not path.is_file():
            stale.append(name)
            continue
        with Image.open(path) as stored:
            if stored.mode != image.mode or stored.tobytes() != image.tobytes():
                stale.append(name)
    return stale


def main() -> int:
    """Write the brand images, or with --check compare them; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    if parser.parse_args().check:
        if stale := stale_images():
            print(f"stale brand images (run script/brand): {', '.join(stale)}")
            return 1
        print("brand images are up to date")
        return 0
    BRAND_DIR.mkdir(exist_ok=True)
    for name, image in draw_all().items():
        (BRAND_DIR / name).write_bytes(png_bytes(image))
        print(
            f"{(BRAND_DIR / name).relative_to(BRAND_DIR.parents[2])}: {image.width}x{image.height}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
