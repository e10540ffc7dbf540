"""The documentation's links resolve: every relative link in the repository's Markdown names a file that exists (and,
with `#anchor`, a heading or `<a id>` in it), and every `docs/PAGE.md#anchor` that source comments, tests, examples,
schemas and the rule catalogue cite names an anchor that exists. A reader of a clone has nothing else to follow.

Run: python3 -m pytest -q Tests/python/test_docs.py
"""
import pathlib
import re
import subprocess
import unicodedata

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tracked(*patterns: str) -> list[pathlib.Path]:
    out = subprocess.run(["git", "ls-files", "--", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / p for p in out.stdout.splitlines() if not p.startswith("Fuzz/corpus/")]


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, spaces to hyphens, punctuation dropped."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    return "".join(
        "-" if c == " " else c
        for c in text
        if c in " -_" or unicodedata.category(c)[0] in "LN"
    )


def anchors(path: pathlib.Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    seen: dict[str, int] = {}
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"#{1,6}\s+(.*)", line)
        if m:
            slug = github_slug(m.group(1))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            found.add(slug if n == 0 else f"{slug}-{n}")
    return found


MARKDOWN = tracked("*.md")


@pytest.mark.parametrize("page", MARKDOWN, ids=[str(p.relative_to(ROOT)) for p in MARKDOWN])
def test_relative_links_resolve(page: pathlib.Path):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # a URL
        path, _, fragment = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.exists():
            broken.append(f"{target}: no such file")
        elif not resolved.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif fragment and (resolved.suffix != ".md" or fragment not in anchors(resolved)):
            broken.append(f"{target}: no anchor #{fragment}")
    assert not broken, broken


CITING = tracked("Sources/*.swift", "Tests/*.swift", "examples/*", "schemas/*.json", "*.md")


def test_cited_doc_anchors_exist():
    cited = re.compile(r"docs/(format|semantics|interfaces|rules)\.md#([A-Za-z0-9_-]+)")
    known: dict[str, set[str]] = {}
    missing = []
    for f in CITING:
        for n, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for page, anchor in cited.findall(line):
                ids = known.setdefault(page, anchors(ROOT / "docs" / f"{page}.md"))
                if anchor not in ids:
                    missing.append(f"{f.relative_to(ROOT)}:{n}: docs/{page}.md#{anchor}")
    assert not missing, missing


def test_no_reference_to_files_outside_the_repository():
    """The specifications used to live in ../shared/spec/, which a clone does not have."""
    offenders = [
        str(f.relative_to(ROOT))
        for f in tracked("*.md", "Sources/*.swift", "schemas/*.json")
        if "shared/spec" in f.read_text(encoding="utf-8", errors="replace")
    ]
    assert not offenders, offenders
