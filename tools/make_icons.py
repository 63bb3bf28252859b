#!/usr/bin/env python3
"""Draw the app's icons: web/icons/icon.svg and PNGs at 192 and 512 px.

    python tools/make_icons.py      # rewrites web/icons/*

Standard library only (zlib + struct PNG writer). The drawing is one geometry,
written out twice: as SVG paths and as supersampled pixels, so the SVG (the
favicon) and the PNGs (the manifest's install icons) are the same picture:
two playing cards on the felt, the front one showing a red seven-segment "99".
The outputs are committed; run this only when the picture changes.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "icons"

S = 512  # the design's coordinate space
FELT = (11, 61, 42)
BACK = (179, 38, 58)
CREAM = (255, 253, 247)
RED = (198, 40, 53)

# (centre x, centre y, width, height, corner radius, degrees)
BACK_CARD = (222, 268, 228, 318, 30, -14)
FRONT_CARD = (290, 246, 228, 318, 30, 9)
BORDER = 12  # cream border around the back card, red line inside the front card
DIGIT_W, DIGIT_H, GAP, STROKE = 62, 124, 30, 24


def _digit_nine(x0: float, y0: float) -> list[tuple[float, float, float, float]]:
    w, h = DIGIT_W, DIGIT_H
    tl, tr = (x0, y0), (x0 + w, y0)
    ml, mr = (x0, y0 + h / 2), (x0 + w, y0 + h / 2)
    bl, br = (x0, y0 + h), (x0 + w, y0 + h)
    return [(*a, *b) for a, b in ((tl, tr), (tr, mr), (mr, br), (bl, br), (tl, ml), (ml, mr))]


def _segments() -> list[tuple[float, float, float, float]]:
    """The "99", in the front card's own coordinates (origin at its centre)."""
    total = 2 * DIGIT_W + GAP
    x0, y0 = -total / 2, -DIGIT_H / 2
    return _digit_nine(x0, y0) + _digit_nine(x0 + DIGIT_W + GAP, y0)


SEGMENTS = _segments()


def _local(px: float, py: float, card) -> tuple[float, float]:
    cx, cy, _, _, _, deg = card
    a = math.radians(-deg)
    dx, dy = px - cx, py - cy
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


def _in_round_rect(x: float, y: float, w: float, h: float, r: float) -> bool:
    qx, qy = abs(x) - (w / 2 - r), abs(y) - (h / 2 - r)
    if qx <= 0 or qy <= 0:
        return qx <= r and qy <= r
    return qx * qx + qy * qy <= r * r


def _near_segment(x: float, y: float, seg, r: float) -> bool:
    ax, ay, bx, by = seg
    vx, vy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)))
    dx, dy = x - (ax + t * vx), y - (ay + t * vy)
    return dx * dx + dy * dy <= r * r


def colour_at(x: float, y: float, corner: float) -> tuple[int, int, int, int]:
    """RGBA of the design at (x, y) in 0..512 space."""
    if not _in_round_rect(x - S / 2, y - S / 2, S, S, corner) if corner else False:
        return (0, 0, 0, 0)
    fx, fy = _local(x, y, FRONT_CARD)
    _, _, w, h, r, _ = FRONT_CARD
    if _in_round_rect(fx, fy, w, h, r):
        if not _in_round_rect(fx, fy, w - 2 * BORDER, h - 2 * BORDER, r - BORDER + 2) and _in_round_rect(
            fx, fy, w - BORDER, h - BORDER, r - BORDER / 2
        ):
            return (*RED, 255)
        if any(_near_segment(fx, fy, s, STROKE / 2) for s in SEGMENTS):
            return (*RED, 255)
        return (*CREAM, 255)
    bx, by = _local(x, y, BACK_CARD)
    _, _, w, h, r, _ = BACK_CARD
    if _in_round_rect(bx, by, w, h, r):
        inner = _in_round_rect(bx, by, w - 2 * BORDER, h - 2 * BORDER, r - BORDER)
        return (*(BACK if inner else CREAM), 255)
    return (*FELT, 255)


def render(size: int, corner: float, ss: int) -> bytes:
    rows = []
    scale = S / size
    offs = [(i + 0.5) / ss for i in range(ss)]
    n = ss * ss
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            r = g = b = a = 0
            for oy in offs:
                for ox in offs:
                    cr, cg, cb, ca = colour_at((px + ox) * scale, (py + oy) * scale, corner)
                    r += cr * ca
                    g += cg * ca
                    b += cb * ca
                    a += ca
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(a / n)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, pixels: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")
    )


def svg(corner: float) -> str:
    def hexc(c):
        return "#{:02x}{:02x}{:02x}".format(*c)

    def card(c, fill, stroke, sw):
        cx, cy, w, h, r, deg = c
        return (
            f'<rect x="{cx - w / 2 + sw / 2:g}" y="{cy - h / 2 + sw / 2:g}" width="{w - sw:g}" '
            f'height="{h - sw:g}" rx="{r - sw / 2:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{sw:g}" transform="rotate({deg:g} {cx:g} {cy:g})"/>'
        )

    cx, cy, *_, deg = FRONT_CARD
    d = " ".join(f"M{ax + cx:g} {ay + cy:g}L{bx + cx:g} {by + cy:g}" for ax, ay, bx, by in SEGMENTS)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {S} {S}">'
        f'<rect width="{S}" height="{S}" rx="{corner:g}" fill="{hexc(FELT)}"/>'
        + card(BACK_CARD, hexc(BACK), hexc(CREAM), BORDER * 2)
        + card(FRONT_CARD, hexc(CREAM), hexc(CREAM), 0)
        + f'<rect x="{cx - 114 + BORDER * 0.75:g}" y="{cy - 159 + BORDER * 0.75:g}" width="{228 - BORDER * 1.5:g}" '
        f'height="{318 - BORDER * 1.5:g}" rx="{30 - BORDER * 0.75:g}" fill="none" stroke="{hexc(RED)}" '
        f'stroke-width="{BORDER / 2:g}" transform="rotate({deg:g} {cx:g} {cy:g})"/>'
        + f'<path d="{d}" fill="none" stroke="{hexc(RED)}" stroke-width="{STROKE}" stroke-linecap="round" '
        f'stroke-linejoin="round" transform="rotate({deg:g} {cx:g} {cy:g})"/>' + "</svg>\n"
    )


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(96))
    for name, size, corner, ss in (
        ("icon-192.png", 192, 96, 4),
        ("icon-512.png", 512, 96, 2),
        ("icon-maskable-512.png", 512, 0, 2),
    ):
        data = png(size, render(size, corner, ss))
        (OUT / name).write_bytes(data)
        print(f"{OUT / name}: {len(data):,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
