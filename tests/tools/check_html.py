"""Check that an HTML file is well formed and self-contained.

usage: python3 check_html.py FILE
Every non-void element is closed in order, and nothing is loaded from
elsewhere: no src=, no <link>, no href= but in-page anchors, no url().
Prints one problem a line; exits 1 if there is any.
"""
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.problems = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "src":
                self.problems.append("external resource: <%s src=%r>" % (tag, value))
            if name in ("href", "xlink:href") and value and not value.startswith("#"):
                self.problems.append("external link: <%s %s=%r>" % (tag, name, value))
        if tag in ("link", "script", "iframe", "object"):
            self.problems.append("element <%s> not allowed" % tag)
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


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    c = Checker()
    c.feed(text)
    c.close()
    problems = c.problems
    if c.stack:
        problems.append("unclosed: " + " ".join(c.stack))
    if re.search(r"url\(\s*['\"]?(https?:|//)", text):
        problems.append("external url() in CSS")
    for p in problems:
        print(p)
    return 1 if problems else 0


sys.exit(main())
