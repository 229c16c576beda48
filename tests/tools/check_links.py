#!/usr/bin/env python3
"""check_links.py FILE.md...: every relative link and image of each file
resolves: the file (or directory) exists in the tree, and a #anchor is a
heading of the target (GitHub's slugs: lower case, punctuation dropped,
spaces as hyphens; a repeated heading gets -1, -2...).  External links
(http, https, mailto) are not followed.  Prints one line a broken link
and exits 1, else the number checked and 0."""
import os
import re
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def text_lines(path):
    """The lines outside fenced code blocks and indented code."""
    out, fenced = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced or line.startswith("    ") or line.startswith("\t"):
                continue
            out.append(line)
    return out


def slug(heading):
    s = re.sub(r"[`*_]", "", heading.strip().lower())
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    found, seen = set(), {}
    for line in text_lines(path):
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        s = slug(m.group(1))
        n = seen.get(s, 0)
        seen[s] = n + 1
        found.add(s if n == 0 else "%s-%d" % (s, n))
    return found


def main():
    bad, checked = [], 0
    for md in sys.argv[1:]:
        base = os.path.dirname(md)
        # A link's text may run over a line break: the whole text at once.
        for line in ["".join(text_lines(md))]:
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"(https?|mailto):", target):
                    continue
                checked += 1
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(base, path)) if path \
                    else md
                if not os.path.exists(dest):
                    bad.append("%s: %s: no such file" % (md, target))
                elif anchor and dest.endswith(".md") and \
                        anchor not in anchors(dest):
                    bad.append("%s: %s: no heading #%s in %s"
                               % (md, target, anchor, dest))
    for b in bad:
        print(b)
    if not bad:
        print("%d links of %d files resolve" % (checked, len(sys.argv) - 1))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
