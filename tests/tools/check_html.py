"""Check that an HTML file is well formed and self-contained, or a whole site.

usage: python3 check_html.py FILE
       python3 check_html.py --site DIR

FILE: every non-void element is closed in order, and nothing is loaded
from elsewhere: no src=, no <link>, no href= but in-page anchors, no
url().

--site DIR (kbench site): every .html page under DIR is well formed as
above, but may link to and load (<script src>, <link href>, <img src>)
files of the site itself; every .xml and .svg file is well-formed XML
(strict UTF-8); no page, feed or chart names anything outside DIR: no
scheme (http:, file:, javascript:...), no //host, no path that leaves
DIR; and every link, from every page and from feed.xml, resolves to a
file in DIR (the walk starts at index.html and must reach every page).
Prints one problem a line and, for a site, "N files, N links, N pages
reached"; exits 1 if there is any problem.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr"}
ATOM = "{http://www.w3.org/2005/Atom}"


class Checker(HTMLParser):
    """Well-formedness; and the links, kept (site) or refused (a file)."""

    def __init__(self, site=False):
        super().__init__(convert_charrefs=True)
        self.site = site
        self.stack = []
        self.problems = []
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href", "xlink:href") and value is not None:
                if self.site:
                    self.links.append((tag, name, value))
                elif name == "src":
                    self.problems.append("external resource: <%s src=%r>" % (tag, value))
                elif value and not value.startswith("#"):
                    self.problems.append("external link: <%s %s=%r>" % (tag, name, value))
        if tag in ("iframe", "object", "embed", "base") or \
                (tag in ("link", "script") and not self.site):
            self.problems.append("element <%s> not allowed" % tag)
        if self.site and tag == "script" and not any(n == "src" for n, _ in attrs):
            self.problems.append("inline <script> not allowed")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
        else:
            self.stack.pop()


def check_text(text, site=False):
    """(problems, links) of one HTML text."""
    c = Checker(site)
    c.feed(text)
    c.close()
    problems = c.problems
    if c.stack:
        problems.append("unclosed: " + " ".join(c.stack))
    if re.search(r"url\(\s*['\"]?(https?:|//|file:|data:)", text):
        problems.append("external url() in CSS")
    return problems, c.links


def check_file(path):
    problems, _ = check_text(open(path, encoding="utf-8").read())
    for p in problems:
        print(p)
    return 1 if problems else 0


def resolve(root, page, url):
    """The file a local URL of page names, or (None, why)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//"):
        return None, "external URL"
    if not parts.path:
        return page, None       # "#anchor", "?q": the page itself
    if parts.path.startswith("/"):
        return None, "absolute path"
    target = os.path.normpath(os.path.join(os.path.dirname(page), unquote(parts.path)))
    if target != root and not target.startswith(root + os.sep):
        return None, "outside the site"
    if not os.path.isfile(target):
        return None, "no such file"
    return target, None


def check_site(root):
    root = os.path.realpath(root)
    problems, nlinks, files = [], 0, []
    links = {}
    for d, _, names in os.walk(root):
        for n in sorted(names):
            files.append(os.path.join(d, n))
    for f in files:
        rel = os.path.relpath(f, root)
        if f.endswith(".png"):
            continue            # the reports' charts, beside their SVG
        try:
            text = open(f, encoding="utf-8", errors="strict").read()
        except UnicodeDecodeError as e:
            problems.append("%s: not UTF-8: %s" % (rel, e))
            continue
        if f.endswith(".html"):
            pp, ll = check_text(text, site=True)
            problems += ["%s: %s" % (rel, p) for p in pp]
            links[f] = [u for (_, _, u) in ll]
        elif f.endswith(".xml") or f.endswith(".svg"):
            try:
                tree = ET.fromstring(text.encode("utf-8"))
            except ET.ParseError as e:
                problems.append("%s: not well-formed XML: %s" % (rel, e))
                continue
            if f.endswith(".xml"):
                links[f] = [e.get("href") for e in tree.iter(ATOM + "link")]
            else:
                links[f] = [v for e in tree.iter() for k, v in e.attrib.items()
                            if k.endswith("href")]
    for f, urls in links.items():
        for u in urls:
            nlinks += 1
            target, why = resolve(root, f, u)
            if target is None:
                problems.append("%s: %r: %s" % (os.path.relpath(f, root), u, why))
    # Every page is reached from index.html.
    seen, todo = set(), [os.path.join(root, "index.html")]
    while todo:
        f = todo.pop()
        if f in seen or not os.path.isfile(f):
            continue
        seen.add(f)
        for u in links.get(f, []):
            target, _ = resolve(root, f, u)
            if target is not None:
                todo.append(target)
    pages = [f for f in files if f.endswith(".html") and "/compare/" not in f]
    for f in pages:
        if f not in seen:
            problems.append("%s: not reached from index.html" % os.path.relpath(f, root))
    for p in problems:
        print(p)
    print("%d files, %d links, %d pages reached" % (len(files), nlinks,
          len([f for f in seen if f.endswith(".html")])))
    return 1 if problems else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--site":
        return check_site(sys.argv[2])
    return check_file(sys.argv[1])


if __name__ == "__main__":
    sys.exit(main())
