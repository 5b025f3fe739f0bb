# nestprobe parser program: compiles all of stdin as an XPath 1.0 expression with lxml's etree.XPath (libxml2's
# xmlXPathCtxtCompile, in lxml's XPath context); phase `run` evaluates it once on the document <a/>. Any
# Exception (XPathSyntaxError, XPathEvalError, RecursionError, ...) is the error line.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from lxml import etree  # noqa: E402

data = protocol.input(text=True, language=True)
try:
    xpath = etree.XPath(data)
    protocol.compiled()
    protocol.runner(lambda: xpath(etree.fromstring(b"<a/>")))()
except Exception as e:
    protocol.error(e)
del xpath
protocol.finished()
