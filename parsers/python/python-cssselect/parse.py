# nestprobe parser program: compiles all of stdin as a CSS selector with cssselect, the way it is meant to be
# used: GenericTranslator().css_to_xpath (cssselect's parser, then its translation to an XPath 1.0 expression);
# phase `run` does what lxml.cssselect.CSSSelector does with that expression: compiles it with lxml's etree.XPath
# (libxml2) and evaluates it once on the document <a/>. Any Exception (SelectorSyntaxError, ExpressionError,
# XPathSyntaxError, RecursionError, ...) is the error line. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from cssselect import GenericTranslator  # noqa: E402
from lxml import etree  # noqa: E402

data = protocol.input(text=True, language=True)
try:
    xpath = GenericTranslator().css_to_xpath(data)
    protocol.compiled()
    protocol.runner(lambda: etree.XPath(xpath)(etree.fromstring(b"<a/>")))()
except Exception as e:
    protocol.error(e)
del xpath
protocol.finished()
