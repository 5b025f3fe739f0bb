"""What a PyPI row installed, for its `installed` line: the interpreter, the wheel's tags (from the
distribution's dist-info WHEEL file: a C or mypyc wheel and the pure-Python files of one release
can differ) and, for wheels that bundle a native parser, that library's release.

Usage (from a row's program folder): "$BUILD/venv/bin/python" ../wheel.py DISTRIBUTION
"""

import platform
import sys
from importlib.metadata import distribution


def bundled(name):
    """The native library a wheel carries its own copy of, where it decides how the row fails."""
    if name == "lxml":
        from lxml import etree

        return "libxml2 " + ".".join(map(str, etree.LIBXML_VERSION))
    if name == "PyYAML":
        import yaml

        return "libyaml " + (yaml._yaml.get_version_string() if yaml.__with_libyaml__ else "none")
    return None


def tags(name):
    wheel = distribution(name).read_text("WHEEL") or ""
    found = [line[4:].strip().split("-") for line in wheel.splitlines() if line.startswith("Tag:")]
    if not found:
        return "unknown"
    # A wheel tagged for several platforms (manylinux_2_17 and manylinux2014) lists each: join the
    # distinct values of each part, as pip's file name does.
    return "-".join(".".join(dict.fromkeys(tag[i] for tag in found)) for i in range(3))


def main():
    name = sys.argv[1]
    parts = [f"{platform.python_implementation()} {platform.python_version()}", f"wheel {tags(name)}"]
    library = bundled(name)
    if library:
        parts.append(library)
    print(", ".join(parts))


main()
