"""The brand images: their format, and Home Assistant serving them for the integration."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path
from types import ModuleType

from PIL import Image
import pytest
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

ROOT = Path(__file__).resolve().parent.parent
BRAND_DIR = ROOT / "custom_components" / "llm_hub" / "brand"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ICONS = {"icon.png": 256, "icon@2x.png": 512}
LOGOS = {"logo.png": 256, "logo@2x.png": 512, "dark_logo.png": 256, "dark_logo@2x.png": 512}


def load_brand_script() -> ModuleType:
    """Return script/brand.py as a module."""
    spec = importlib.util.spec_from_file_location("brand", ROOT / "script" / "brand.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_brand_folder_holds_exactly_the_images() -> None:
    """The folder has the icon, the logo and the dark logo at both sizes, nothing else."""
    assert sorted(p.name for p in BRAND_DIR.iterdir()) == sorted({**ICONS, **LOGOS})


def open_rgba_png(path: Path) -> Image.Image:
    """Return the image in a file, after checking that it is an RGBA PNG."""
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.mode == "RGBA"
    return image


@pytest.mark.parametrize(("name", "side"), ICONS.items())
def test_icon_is_a_square_rgba_png(name: str, side: int) -> None:
    """Icons are 256x256 and 512x512 RGBA PNGs (Home Assistant brands' icon rules)."""
    image = open_rgba_png(BRAND_DIR / name)
    assert image.size == (side, side)
    # Transparent corners: the tile has round corners, nothing is drawn outside it.
    assert image.getpixel((0, 0))[3] == 0  # type: ignore[index]
    assert image.getpixel((side // 2, side // 2))[3] == 255  # type: ignore[index]


@pytest.mark.parametrize(("name", "height"), LOGOS.items())
def test_logo_is_a_landscape_rgba_png(name: str, height: int) -> None:
    """Logos are landscape RGBA PNGs whose short side is 256 (512 for @2x), the most allowed."""
    image = open_rgba_png(BRAND_DIR / name)
    assert image.height == height
    assert image.width > image.height
    # Trimmed: something is drawn in the first and last column.
    bbox = image.getchannel("A").getbbox()
    assert bbox is not None
    assert (bbox[0], bbox[2]) == (0, image.width)


def test_hdpi_images_are_twice_as_large() -> None:
    """Each @2x image is the same drawing at twice the size."""
    for name in ("icon", "logo", "dark_logo"):
        with (
            Image.open(BRAND_DIR / f"{name}.png") as small,
            Image.open(BRAND_DIR / f"{name}@2x.png") as large,
        ):
            assert abs(large.width - 2 * small.width) <= 1
            assert large.height == 2 * small.height


def test_images_are_what_script_brand_draws() -> None:
    """The committed images are those script/brand draws now (run it after changing it)."""
    assert load_brand_script().stale_images() == []


async def test_home_assistant_serves_the_brand_images(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    """Home Assistant's brands API serves our files, without asking the brands CDN.

    Dark variants we do not ship fall back to ours (the dark icon is the icon).
    """
    assert await async_setup_component(hass, "brands", {})
    client = await hass_client()
    served = {
        **{name: name for name in (*ICONS, *LOGOS)},
        "dark_icon.png": "icon.png",
        "dark_icon@2x.png": "icon@2x.png",
    }
    for image, file in served.items():
        response = await client.get(f"/api/brands/integration/llm_hub/{image}")
        assert response.status == 200, image
        assert await response.read() == (BRAND_DIR / file).read_bytes(), image
