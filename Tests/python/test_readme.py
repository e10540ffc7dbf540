"""Every command the README shows runs, and says what the README says it says: each `$ layoutlint …` transcript in a
text block is run from the repository root and each line shown appears in the output, in order (a transcript may
leave lines out, never change one); each `layoutlint …` line of a shell block runs and exits 0 or 1 (1: findings),
with `-o FILE` written to a temporary folder. The set-up commands (`scripts/bootstrap`, `scripts/test`) are run by CI
itself.

Run: python3 -m pytest -q Tests/python/test_readme.py
"""
import os
import pathlib
import re
import shlex
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _binary() -> pathlib.Path:
    given = os.environ.get("LAYOUTLINT_BIN")
    path = pathlib.Path(given) if given else pathlib.Path(".build/debug/layoutlint")
    return path if path.is_absolute() else ROOT / path


BIN = _binary()


def blocks(language: str) -> list[str]:
    return re.findall(r"^```" + language + r"\n(.*?)^```", README, flags=re.S | re.M)


def run(argv: list[str]) -> subprocess.CompletedProcess:
    if not (BIN.is_file() and os.access(BIN, os.X_OK)):
        pytest.skip(f"no layoutlint binary at {BIN}: run `swift build` first, or set LAYOUTLINT_BIN")
    return subprocess.run([str(BIN), *argv], cwd=ROOT, capture_output=True, timeout=120)


TRANSCRIPTS = [b for b in blocks("text") if b.startswith("$ layoutlint ")]
SHELL = [line for b in blocks("sh") for line in b.splitlines() if line.startswith("layoutlint ")]


def test_the_readme_shows_commands():
    assert len(TRANSCRIPTS) >= 3 and SHELL, "the README's examples were not found: this test reads ```text and ```sh blocks"


@pytest.mark.parametrize("block", TRANSCRIPTS, ids=[b.splitlines()[0][2:60] for b in TRANSCRIPTS])
def test_transcript_is_what_the_command_prints(block: str):
    command, *shown = block.rstrip("\n").splitlines()
    proc = run(shlex.split(command[2:])[1:])
    assert proc.returncode in (0, 1), proc.stderr.decode(errors="replace")
    output = proc.stdout.decode("utf-8").splitlines()
    at = 0
    for line in shown:
        while at < len(output) and output[at] != line:
            at += 1
        assert at < len(output), f"`{command[2:]}` no longer prints, in this order:\n{line}\n--- it prints:\n" + "\n".join(output)
        at += 1


@pytest.mark.parametrize("line", SHELL)
def test_shell_command_runs(line: str, tmp_path: pathlib.Path):
    argv = shlex.split(line)[1:]
    if "-o" in argv:
        argv[argv.index("-o") + 1] = str(tmp_path / argv[argv.index("-o") + 1])
    proc = run(argv)
    assert proc.returncode in (0, 1), f"`{line}` exited {proc.returncode}: {proc.stderr.decode(errors='replace')}"
    if "-o" in argv:
        assert pathlib.Path(argv[argv.index("-o") + 1]).stat().st_size > 0
