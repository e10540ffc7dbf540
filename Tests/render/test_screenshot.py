"""`layoutlint render`, end to end: the built binary draws an SVG that Debian's headless Chromium renders to a
non-blank picture, and whose boxes carry the frames `layoutlint explain --format json` prints.

It builds nothing: it runs `.build/debug/layoutlint` (what scripts/test builds), or the binary named by the
environment variable LAYOUTLINT_BIN. The screenshot test is skipped only when no Chromium is installed
(`apt-get install -y chromium`; see recipes §9). Only the Python standard library is used (PNG read with zlib).

Run: python3 -m pytest -q Tests/render
"""
import json
import os
import pathlib
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
BIN = os.environ.get("LAYOUTLINT_BIN") or str(ROOT / ".build" / "debug" / "layoutlint")
SVG_NS = "{http://www.w3.org/2000/svg}"


def layoutlint(*args, check=True):
    if not os.access(BIN, os.X_OK):
        pytest.fail(f"no layoutlint binary at {BIN}: run `swift build` first, or set LAYOUTLINT_BIN")
    r = subprocess.run([BIN, *args], capture_output=True, timeout=120)
    if check and r.returncode != 0:
        pytest.fail(f"layoutlint {' '.join(args)} exited {r.returncode}: {r.stderr.decode(errors='replace')}")
    return r


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


# --- PNG, read with zlib -------------------------------------------------------------------------------------

def read_png(path):
    """Returns (width, height, rows) with rows as lists of (r, g, b) tuples. 8-bit RGB, RGBA, grey or grey+alpha."""
    data = pathlib.Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0, f"unsupported PNG: depth {depth}, interlace {interlace}"
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[color]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 0xFF
            elif f == 2:
                line[x] = (line[x] + b) & 0xFF
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        prev = line
        if channels >= 3:
            rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        else:
            rows.append([(v, v, v) for v in line[0:stride:channels]])
    return width, height, rows


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


# --- the screenshot ------------------------------------------------------------------------------------------

def screenshot(svg_path, png_path, width, height):
    chromium = chromium_binary()
    args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--window-size={width},{height}", f"--screenshot={png_path}", svg_path.resolve().as_uri()]
    # Headless Chromium now and then exits without writing the file: one retry.
    for _ in range(2):
        r = subprocess.run(args, capture_output=True, timeout=120)
        if png_path.exists() and png_path.stat().st_size > 0:
            return
    pytest.fail(f"chromium wrote no screenshot (exit {r.returncode}): {r.stderr.decode(errors='replace')[-2000:]}")


def test_screenshot_of_a_rendered_example_is_not_blank(tmp_path):
    if chromium_binary() is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium); .ci/run installs it")
    svg = tmp_path / "app-store.svg"
    png = tmp_path / "app-store.png"
    layoutlint("render", str(EXAMPLES / "app-store.layout.json"), "--environment", "iPhone 12", "-o", str(svg))
    root = ET.parse(svg).getroot()
    width, height = (int(float(root.get(k)) + 0.999) for k in ("width", "height"))
    screenshot(svg, png, width, height)
    w, h, rows = read_png(png)
    assert (w, h) == (width, height)
    counts = {}
    for row in rows:
        for px in row:
            counts[px] = counts.get(px, 0) + 1
    background = max(counts, key=counts.get)
    not_background = w * h - counts[background]
    assert len(counts) > 50, f"only {len(counts)} colours: the picture looks blank"
    assert not_background > 0.2 * w * h, f"only {not_background} of {w * h} pixels differ from the background"
    # The wireframe's own colours, in areas large enough to hold exact pixels: item fills (the 333×200 cover),
    # content frames (the grid's 120×120 cells), the header's fill, the device's frame.
    for name, colour, at_least in [("item", "#dbeafe", 20000), ("content frame", "#bfdbfe", 8 * 10000),
                                   ("header", "#dcfce7", 10000), ("device frame", "#1f2937", 1000)]:
        n = counts.get(hex_rgb(colour), 0)
        assert n >= at_least, f"{name} colour {colour}: {n} pixels, expected at least {at_least}"
    # Keep the picture for people who run the test by hand.
    out = os.environ.get("LAYOUTLINT_SCREENSHOT_OUT")
    if out:
        shutil.copy(png, out)


# --- the SVG's boxes against `explain --format json` --------------------------------------------------------

def walk(node, out):
    out.append((node["kind"], node["path"], node["frame"], node["contentFrame"]))
    for c in node.get("children", []):
        walk(c, out)
    return out


def near(a, b):
    return all(abs(float(x) - float(y)) < 1e-6 for x, y in zip(a, b)) and len(a) == len(b)


def rect_frame(e):
    return [float(e.get("data-width", e.get("width"))) if k == "width" else
            float(e.get("data-height", e.get("height"))) if k == "height" else float(e.get(k))
            for k in ("x", "y", "width", "height")]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.layout.json")))
def test_svg_boxes_have_explains_frames(example, tmp_path):
    path = str(EXAMPLES / example)
    explained = json.loads(layoutlint("explain", "--format", "json", path).stdout)
    svg = layoutlint("render", path, check=False)
    assert svg.returncode == 0, svg.stderr
    root = ET.fromstring(svg.stdout)  # well-formed, or this raises
    assert root.tag == SVG_NS + "svg" and root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    panels = [g for g in root.iter(SVG_NS + "g") if g.get("data-kind") == "panel"]
    assert [p.get("data-environment") for p in panels] == [e["name"] for e in explained["environments"]]
    for env, panel in zip(explained["environments"], panels):
        rects = list(panel.iter(SVG_NS + "rect"))
        sections = [r for r in rects if r.get("data-kind") == "section"]
        assert [r.get("data-path") for r in sections] == [s["path"] for s in env["sections"]]
        for r, s in zip(sections, env["sections"]):
            assert near(rect_frame(r), s["frame"]), (env["name"], s["path"], rect_frame(r), s["frame"])
        firsts = {g.get("data-path"): g for g in panel.iter(SVG_NS + "g")
                  if g.get("data-kind") == "instance" and g.get("data-instance") == "0"}
        for s in env["sections"]:
            if "group" not in s or s["groupCount"] == 0:
                continue
            expected = walk(s["group"], [])
            g = firsts.get(s["group"]["path"])
            if g is None:
                continue  # nothing the items fill (itemCount 0) or no placements
            got = [r for r in g.iter(SVG_NS + "rect") if r.get("data-kind") in ("item", "group", "content")]
            boxes = [r for r in got if r.get("data-kind") != "content"]
            # The SVG's boxes are explain's placements in order; only a single, partly filled instance may stop early.
            i = 0
            for r in boxes:
                while i < len(expected) and not (expected[i][0] == r.get("data-kind") and expected[i][1] == r.get("data-path")
                                                 and near(rect_frame(r), expected[i][2])):
                    i += 1
                assert i < len(expected), (env["name"], s["path"], r.attrib, "is not one of explain's placements in order")
                i += 1
            if s["groupCount"] > 1:
                assert len(boxes) == len(expected), (env["name"], s["path"], len(boxes), len(expected))
            # A content frame follows its box when the insets make it differ.
            for prev, r in zip(got, got[1:]):
                if r.get("data-kind") == "content":
                    match = [e for e in expected if e[1] == r.get("data-path") and near(rect_frame(r), e[3])]
                    assert match, (env["name"], r.attrib)
