//! Every format's payloads, checked against independent parsers: each valid payload is one document
//! nested exactly as deep as asked (and in the shape asked), each `unclosed` one is rejected, and
//! `len()` is the number of bytes written.

use super::*;

/// Depths the independent parsers can take (serde_json stops at 128, prost at 100).
const DEPTHS: std::ops::RangeInclusive<u64> = 1..=40;

fn format(name: &str) -> PayloadFormat {
    name.parse().unwrap()
}

fn bytes(name: &str, shape: Shape, depth: u64) -> Vec<u8> {
    Payload::new(format(name), shape, depth).to_vec()
}

fn text(name: &str, shape: Shape, depth: u64) -> String {
    String::from_utf8(bytes(name, shape, depth)).unwrap()
}

/// The kinds of collection from the outermost level in, as a parser saw them: `S` a sequence, `M` a
/// mapping, `E` an element; `None` unless each level holds exactly the next one (the innermost
/// nothing).
type Spine = Option<String>;

/// The spine a payload should parse to: level k (1 = innermost) of `mixed` is a sequence when k is odd.
fn expected(name: &str, shape: Shape, depth: u64) -> String {
    let level = |k: u64| match shape {
        Shape::Array => 'S',
        Shape::Object => 'M',
        Shape::Element => 'E',
        Shape::Attributed => 'T',
        Shape::EntityRef => 'X',
        Shape::ContentModel => 'D',
        Shape::Mixed if k % 2 == 1 => 'S',
        Shape::Mixed => 'M',
        Shape::Inline => 'B',
        Shape::Quote => 'Q',
        Shape::List => 'L',
        Shape::Selection | Shape::Typename => 'G',
        Shape::Tagged => 'T',
        Shape::Tag if k == 1 => 'S',
        Shape::Tag => 'T',
        Shape::Indefinite | Shape::NullInside => 'S',
        Shape::Paren => 'P',
        Shape::Group => 'G',
        Shape::Alternation if k == 1 => 'G',
        Shape::Alternation => 'A',
        Shape::Noncapture | Shape::Not => 'N',
        Shape::Quantified => 'R',
        Shape::CharClass => 'C',
        Shape::Filter | Shape::Predicate => 'F',
        Shape::Is => 'I',
        shape => unreachable!("no spine for {shape}"),
    };
    let mut spine: String = (1..=depth).rev().map(level).collect();
    if name == "bson" && shape == Shape::Array {
        // The outermost BSON value is always a document.
        spine.replace_range(0..1, "M");
    }
    spine
}

/// Checks every shape of `name` at every depth in [`DEPTHS`] with `parse` (an error string for a
/// rejected payload).
fn check_format(name: &str, parse: impl Fn(&[u8]) -> Result<Spine, String>) {
    check_shapes(name, format(name).shapes(), parse);
}

/// [`check_format`] for some of the format's shapes: those an oracle can see (roxmltree limits the
/// nesting of entity expansions and keeps no content model).
fn check_shapes(name: &str, shapes: &[Shape], parse: impl Fn(&[u8]) -> Result<Spine, String>) {
    let format = format(name);
    for &shape in shapes {
        for depth in DEPTHS {
            let payload = Payload::new(format, shape, depth);
            let bytes = payload.to_vec();
            let parsed = parse(&bytes);
            if shape.must_be_accepted() {
                let spine = parsed.unwrap_or_else(|e| panic!("{}: {e}", payload.show()));
                assert_eq!(spine, Some(expected(name, shape, depth)), "{}", payload.show());
            } else {
                assert!(parsed.is_err(), "{} was accepted: {parsed:?}", payload.show());
            }
        }
    }
}

/// Follows a chain of collections, each with at most one child.
fn spine<T>(mut value: &T, step: impl Fn(&T) -> Option<(char, Vec<&T>)>) -> Spine {
    let mut spine = String::new();
    loop {
        let (kind, children) = step(value)?;
        spine.push(kind);
        match children[..] {
            [] => return Some(spine),
            [only] => value = only,
            _ => return None,
        }
    }
}

#[test]
fn json_against_serde_json() {
    use serde_json::Value;
    check_format("json", |bytes| {
        let value: Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        Ok(spine(&value, |v| match v {
            Value::Array(items) => Some(('S', items.iter().collect())),
            Value::Object(map) => Some(('M', map.values().collect())),
            _ => None,
        }))
    });
}

/// flatted's list read as JSON, then followed from entry 0 through the indexes each entry names, as
/// flatted's `parse` revives it: each level holds one reference (or nothing, the innermost).
#[test]
fn flatted_against_serde_json_following_its_references() {
    use serde_json::Value;
    check_format("flatted", |bytes| {
        let list: Vec<Value> = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        let mut spine = String::new();
        let mut at = 0;
        for _ in 0..list.len() {
            let (kind, children): (char, Vec<&Value>) = match &list[at] {
                Value::Array(items) => ('S', items.iter().collect()),
                Value::Object(map) => ('M', map.values().collect()),
                other => return Err(format!("entry {at} is {other}")),
            };
            spine.push(kind);
            match children[..] {
                [] => return Ok(Some(spine)),
                [Value::String(index)] => at = index.parse().map_err(|e| format!("{index}: {e}"))?,
                _ => return Ok(None),
            }
        }
        Err("the references go round".into())
    });
}

#[test]
fn yaml_against_yaml_rust2() {
    use yaml_rust2::{Yaml, YamlLoader};
    check_format("yaml", |bytes| {
        let docs =
            YamlLoader::load_from_str(std::str::from_utf8(bytes).unwrap()).map_err(|e| e.to_string())?;
        let [doc] = &docs[..] else { return Err(format!("{} documents", docs.len())) };
        Ok(spine(doc, |v| match v {
            Yaml::Array(items) => Some(('S', items.iter().collect())),
            Yaml::Hash(map) => Some(('M', map.values().collect())),
            _ => None,
        }))
    });
}

#[test]
fn toml_against_the_toml_crate() {
    use ::toml::Value;
    check_format("toml", |bytes| {
        let table: ::toml::Table =
            std::str::from_utf8(bytes).unwrap().parse().map_err(|e: ::toml::de::Error| e.to_string())?;
        // The document's own table holds the nesting under one key and is not a level.
        let [(_, value)] = &table.iter().collect::<Vec<_>>()[..] else { return Err("not one key".into()) };
        Ok(spine(*value, |v| match v {
            Value::Array(items) => Some(('S', items.iter().collect())),
            Value::Table(map) => Some(('M', map.values().collect())),
            _ => None,
        }))
    });
}

#[test]
fn xml_against_roxmltree() {
    let shapes = [Shape::Element, Shape::Attributed, Shape::Unclosed];
    check_shapes("xml", &shapes, |bytes| {
        let text = std::str::from_utf8(bytes).unwrap();
        let document = roxmltree::Document::parse(text).map_err(|e| e.to_string())?;
        Ok(spine(&document.root_element(), |node| {
            // `T`: the two attributes named `a`, one without a namespace and one in namespace `b`.
            let names: Vec<_> = node.attributes().map(|a| (a.namespace(), a.name())).collect();
            let kind = match names[..] {
                [] => 'E',
                [(None, "a"), (Some("b"), "a")] => 'T',
                _ => return None,
            };
            Some((
                kind,
                node.children().filter(|n| n.is_element()).collect::<Vec<_>>().leak().iter().collect(),
            ))
        }))
    });
}

#[test]
fn xml_against_pyexpat() {
    // Expat reports every entity declaration and each element declaration's content model: the
    // chain is followed from the entity the document refers to, the model walked group by group.
    const SCRIPT: &str = r#"
import re
from xml.parsers import expat
def spine(data):
    # Attributes keep their namespace apart (`b a`) when the document declares one.
    parser = expat.ParserCreate(namespace_separator=" ") if b"xmlns" in data else expat.ParserCreate()
    entities, models, elements, stack, text = {}, [], [], [], []
    parser.EntityDeclHandler = lambda name, is_param, value, *rest: entities.__setitem__(name, value)
    parser.ElementDeclHandler = lambda name, model: models.append(model)
    def start(name, attrs):
        if stack: stack[-1].append(1)
        elements.append("T" if attrs == {"a": "", "b a": ""} else "E" if not attrs else "?")
        stack.append([])
    def end(name):
        if len(stack.pop()) > 1: elements.append("many")
    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = text.append
    parser.Parse(data, True)
    if "many" in elements: return "none"
    if models:
        spine, model = "", models[0]
        while model[0] in (expat.model.XML_CTYPE_SEQ, expat.model.XML_CTYPE_CHOICE) and len(model[3]) == 1:
            spine, model = spine + "D", model[3][0]
        return spine if model[2] == "a" else "none"
    if entities:
        name, spine = "e%d" % len(entities), ""
        while True:
            spine += "X"
            value = entities[name]
            if value == "a": break
            name = re.fullmatch(r"&(e\d+);", value).group(1)
        return spine if "".join(text) == "a" else "none"
    return "".join(elements)
"#;
    check_with_python("xml", "/usr/bin/python3", &[], SCRIPT);
}

#[test]
fn msgpack_against_rmpv() {
    use rmpv::Value;
    check_format("msgpack", |bytes| {
        let mut input = bytes;
        let value = rmpv::decode::read_value(&mut input).map_err(|e| e.to_string())?;
        if !input.is_empty() {
            return Err(format!("{} bytes left over", input.len()));
        }
        Ok(spine(&value, |v| match v {
            Value::Array(items) => Some(('S', items.iter().collect())),
            // Every key is the string "a": what any MessagePack library accepts as a map key.
            Value::Map(pairs) if pairs.iter().all(|(k, _)| k.as_str() == Some("a")) => {
                Some(('M', pairs.iter().map(|(_, v)| v).collect()))
            }
            _ => None,
        }))
    });
}

#[test]
fn cbor_against_ciborium() {
    use ciborium::Value;
    check_format("cbor", |bytes| {
        let mut input = bytes;
        let value: Value = ciborium::de::from_reader(&mut input).map_err(|e| e.to_string())?;
        if !input.is_empty() {
            return Err(format!("{} bytes left over", input.len()));
        }
        Ok(spine(&value, |v| match v {
            Value::Array(items) => Some(('S', items.iter().collect())),
            Value::Tag(6, inner) => Some(('T', vec![&**inner])),
            Value::Map(pairs) if pairs.iter().all(|(k, _)| k.as_text() == Some("a")) => {
                Some(('M', pairs.iter().map(|(_, v)| v).collect()))
            }
            _ => None,
        }))
    });
}

#[test]
fn bson_against_the_bson_crate() {
    use ::bson::Bson;
    check_format("bson", |bytes| {
        let document = ::bson::Document::from_reader(bytes).map_err(|e| e.to_string())?;
        Ok(spine(&Bson::Document(document), |v| match v {
            Bson::Array(items) => Some(('S', items.iter().collect())),
            Bson::Document(map) => Some(('M', map.values().collect())),
            _ => None,
        }))
    });
}

/// A message whose field 1 is a message of the same type.
#[derive(Clone, PartialEq, prost::Message)]
struct Nested {
    #[prost(message, optional, boxed, tag = "1")]
    a: Option<Box<Nested>>,
}

#[test]
fn protobuf_against_prost() {
    use prost::Message;
    // Groups are unknown fields to this message: prost skips them (see the test below).
    check_shapes("protobuf", &[Shape::Object, Shape::Unclosed], |bytes| {
        let mut message = Nested::decode(bytes).map_err(|e| e.to_string())?;
        // The outermost message is the input itself; each field set is one level.
        let mut spine = String::new();
        while let Some(inner) = message.a {
            spine.push('M');
            message = *inner;
        }
        Ok(Some(spine))
    });
}

#[test]
fn protobuf_groups_are_nested_unknown_groups_that_prost_skips_within_its_recursion_limit() {
    use prost::encoding::{decode_key, WireType};
    use prost::Message;
    assert_eq!(bytes("protobuf", Shape::Group, 2), [0x13, 0x13, 0x14, 0x14]);
    for depth in [1, 2, 50, 99] {
        let payload = bytes("protobuf", Shape::Group, depth);
        // Every tag read in order: `depth` starts of field 2, then as many ends.
        let mut rest = &payload[..];
        let mut tags = Vec::new();
        while !rest.is_empty() {
            tags.push(decode_key(&mut rest).unwrap());
        }
        let starts = tags.iter().take_while(|&&tag| tag == (2, WireType::StartGroup)).count();
        assert_eq!(starts as u64, depth);
        assert!(tags[starts..].iter().all(|&tag| tag == (2, WireType::EndGroup)));
        assert_eq!(tags.len() as u64, 2 * depth);
        // A well-formed unknown field: prost skips it and decodes an empty message.
        assert_eq!(Nested::decode(&payload[..]), Ok(Nested { a: None }));
    }
    // Nested, not in a row: prost's recursion limit (100) counts them.
    let deep = Nested::decode(&bytes("protobuf", Shape::Group, 150)[..]).unwrap_err();
    assert!(deep.to_string().contains("recursion limit"), "{deep}");
}

#[test]
fn edn_against_edn_format() {
    use edn_format::Value;
    check_format("edn", |bytes| {
        let value =
            edn_format::parse_str(std::str::from_utf8(bytes).unwrap()).map_err(|e| format!("{e:?}"))?;
        Ok(spine(&value, |v| match v {
            Value::Vector(items) => Some(('S', items.iter().collect())),
            Value::Map(map) => Some(('M', map.values().collect())),
            _ => None,
        }))
    });
}

#[test]
fn sexp_against_lexpr() {
    use lexpr::Value;
    check_format("sexp", |bytes| {
        let value = lexpr::from_str(std::str::from_utf8(bytes).unwrap()).map_err(|e| e.to_string())?;
        // `()` reads as nil, `(x)` as a pair of x and nil.
        Ok(spine(&value, |v| match v {
            Value::Null => Some(('S', vec![])),
            Value::Cons(pair) if pair.cdr().is_null() => Some(('S', vec![pair.car()])),
            _ => None,
        }))
    });
}

#[test]
fn python_against_ast_literal_eval() {
    const SCRIPT: &str = r#"
import ast
def spine(data):
    value = ast.literal_eval(data.decode())
    spine = ""
    while True:
        if isinstance(value, list): spine += "S"; children = value
        elif isinstance(value, dict): spine += "M"; children = list(value.values())
        else: return "none"
        if not children: return spine
        if len(children) > 1: return "none"
        value = children[0]
"#;
    check_with_python("python", "python3", &[], SCRIPT);
}

#[test]
fn markdown_against_markdown_it_py() {
    // Block quotes and bullet lists open at once as deep as the payload nests, one paragraph inside.
    const SCRIPT: &str = r#"
from markdown_it import MarkdownIt
def spine(data):
    depth = {"blockquote": 0, "bullet_list": 0, "em": 0}
    deepest = dict(depth)
    paragraphs = 0
    # Its preset stops nesting at 20 levels (maxNesting); an oracle needs all of them.
    tokens = MarkdownIt("commonmark", {"maxNesting": 1000}).parse(data.decode())
    for token in tokens + [child for token in tokens for child in token.children or []]:
        kind = token.type.rsplit("_", 1)[0]
        if kind in depth:
            depth[kind] += token.nesting
            deepest[kind] = max(deepest[kind], depth[kind])
        paragraphs += token.type == "paragraph_open"
    quotes, lists, ems = deepest["blockquote"], deepest["bullet_list"], deepest["em"]
    if [quotes, lists, ems].count(0) != 2 or paragraphs != max(1, lists):
        return "none"
    return "Q" * quotes + "L" * lists + "B" * ems
"#;
    check_with_python("markdown", "/usr/bin/python3", &["markdown_it:python3-markdown-it"], SCRIPT);
}

#[test]
fn graphql_against_graphql_core() {
    const SCRIPT: &str = r#"
from graphql.language.parser import parse
def spine(data):
    operation = parse(data.decode()).definitions[0]
    spine, selections = "", operation.selection_set
    while selections is not None:
        if len(selections.selections) != 1: return "none"
        spine += "G"
        field = selections.selections[0]
        selections = field.selection_set
    if spine != "G" or not field.arguments: return spine
    value = field.arguments[0].value
    spine = ""
    while type(value).__name__.startswith("ListValue"):
        spine += "S"
        if not value.values: return spine
        if len(value.values) != 1: return "none"
        value = value.values[0]
    return "none"
"#;
    check_with_python("graphql", "/usr/bin/python3", &["graphql:python3-graphql-core"], SCRIPT);
}

#[test]
fn asn1_against_openssl_asn1parse() {
    // OpenSSL's asn1parse prints every constructed value with its depth (d=0 outermost) and tag;
    // end-of-contents markers of indefinite lengths are primitive and not counted. (asn1crypto, the
    // obvious Python oracle, refuses indefinite lengths nested more than 10 deep.)
    const SCRIPT: &str = r#"
import subprocess
def spine(data):
    out = subprocess.run(["openssl", "asn1parse", "-inform", "DER"], input=data, capture_output=True)
    if out.returncode != 0: raise ValueError(out.stderr.decode())
    lines = [l for l in out.stdout.decode().splitlines() if "cons:" in l]
    if [l.split("d=")[1].split()[0] for l in lines] != [str(d) for d in range(len(lines))]: return "none"
    kinds = {"SEQUENCE": "S", "cont [ 0 ]": "T"}
    return "".join(kinds.get(l.split("cons:")[1].strip(), "?") for l in lines)
"#;
    if std::process::Command::new("openssl").arg("version").output().is_err() {
        let message = "no openssl (apt-get install openssl)";
        assert!(std::env::var_os("NESTPROBE_TEST_STRICT").is_none(), "{message}");
        eprintln!("skipped: {message}");
        return;
    }
    check_with_python("asn1", "python3", &[], SCRIPT);
}

#[test]
fn html_against_html5lib() {
    // The elements inside <body>: a chain, each holding only the next.
    const SCRIPT: &str = r#"
import html5lib
def spine(data):
    document = html5lib.parse(data.decode(), namespaceHTMLElements=False)
    element, spine = document.find("body"), ""
    while len(element):
        if len(element) != 1 or (element.text or "").strip(): return "none"
        element = element[0]
        spine += {"div": "E", "b": "B"}.get(element.tag, "?")
    return spine
"#;
    check_with_python("html", "/usr/bin/python3", &["html5lib:python3-html5lib"], SCRIPT);
}

#[test]
fn regex_against_python_sre_parse() {
    // Python's own regex parser, walked level by level; it drops non-capturing groups, so those are
    // checked to capture nothing and to nest like capturing groups once `(?:` is read as `(`.
    const SCRIPT: &str = r#"
import re
try:
    import re._parser as sp
except ImportError:
    import sre_parse as sp
A = [(sp.LITERAL, ord("a"))]
def walk(items):
    spine = ""
    while items != A:
        if len(items) != 1: return "none"
        op, av = items[0]
        if op is sp.SUBPATTERN:
            items = list(av[3])
            if len(items) == 1 and items[0][0] is sp.BRANCH:
                branches = items[0][1][1]
                if len(branches) != 2 or list(branches[0]) != A: return "none"
                spine, items = spine + "A", list(branches[1])
            else:
                spine += "G"
        elif op is sp.MAX_REPEAT and len(av[2]) == 1 and av[2][0][0] is sp.SUBPATTERN:
            spine, items = spine + "R", list(av[2][0][1][3])
        else:
            return "none"
    return spine
def spine(data):
    pattern = data.decode()
    if pattern.startswith("["):
        # re has no nested classes (it reads `[[a]]` as one class and a `]`, with a warning):
        # regex_char_classes_against_regex_syntax counts them.
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            re.compile(pattern)
        return "accepted"
    compiled = re.compile(pattern)
    if pattern.startswith("(?:"):
        if compiled.groups: return "none"
        return walk(list(sp.parse(pattern.replace("(?:", "(")))).replace("G", "N")
    if compiled.match("a") is None: return "none"
    return walk(list(sp.parse(pattern)))
"#;
    check_with_python("regex", "python3", &[], SCRIPT);
}

/// Classes in classes, walked in the syntax tree of Rust's regex crate, which nests sets like
/// Oniguruma and Java do.
#[test]
fn regex_char_classes_against_regex_syntax() {
    use regex_syntax::ast::{parse::ParserBuilder, Ast, ClassSet, ClassSetItem};
    for depth in DEPTHS {
        let pattern = text("regex", Shape::CharClass, depth);
        let ast = ParserBuilder::new().nest_limit(1_000).build().parse(&pattern).unwrap();
        let Ast::ClassBracketed(ref class) = ast else { panic!("{pattern}: not a class") };
        let (mut levels, mut set) = (1, &class.kind);
        while let ClassSet::Item(ClassSetItem::Bracketed(inner)) = set {
            levels += 1;
            set = &inner.kind;
        }
        assert!(matches!(set, ClassSet::Item(ClassSetItem::Literal(l)) if l.c == 'a'), "{pattern}");
        assert_eq!(levels, depth, "{pattern}");
    }
}

#[test]
fn sql_against_sqlite3() {
    // SQLite shows no syntax tree: each payload must run and select the one value 1. Its LALR
    // stack (100 entries) holds 15 subqueries and 18 CASEs: deeper ones hit that limit, which a
    // closed payload only may report.
    const SCRIPT: &str = r#"
import sqlite3
db = sqlite3.connect(":memory:")
def spine(data):
    query = data.decode()
    try:
        rows = db.execute(query).fetchall()
    except sqlite3.OperationalError as e:
        if str(e) == "parser stack overflow" and query.count("(") == query.count(")"): return "accepted"
        raise
    return "accepted" if rows == [(1,)] else "none"
"#;
    check_with_python("sql", "python3", &[], SCRIPT);
}

#[test]
fn jq_against_jq() {
    // Run on the input 1: parentheses give 1 back, array constructors wrap it once per level.
    const SCRIPT: &str = r#"
import subprocess
def spine(data):
    out = subprocess.run(["jq", "-c", data.decode()], input=b"1", capture_output=True)
    if out.returncode != 0: raise ValueError(out.stderr.decode())
    value = out.stdout.decode().strip()
    if value == "1": return "accepted"
    depth = len(value) - len(value.lstrip("["))
    return "S" * depth if value == "[" * depth + "1" + "]" * depth else "none"
"#;
    if std::process::Command::new("jq").arg("--version").output().is_err() {
        let message = "no jq (apt-get install jq)";
        assert!(std::env::var_os("NESTPROBE_TEST_STRICT").is_none(), "{message}");
        eprintln!("skipped: {message}");
        return;
    }
    check_with_python("jq", "python3", &[], SCRIPT);
}

#[test]
fn jsonpath_against_jsonpath_ng() {
    // jsonpath-ng's extended parser (the one with filters): `$` then a filter whose expression is
    // the current node filtered again.
    const SCRIPT: &str = r#"
from jsonpath_ng.ext import parse
from jsonpath_ng.jsonpath import Child, Root, This
from jsonpath_ng.ext.filter import Filter
def spine(data):
    path = parse(data.decode())
    if not (isinstance(path, Child) and isinstance(path.left, Root)): return "none"
    spine, node = "", path.right
    while isinstance(node, Filter):
        if len(node.expressions) != 1: return "none"
        spine, target = spine + "F", node.expressions[0].target
        if isinstance(target, This): return spine
        if not (isinstance(target, Child) and isinstance(target.left, This)): return "none"
        node = target.right
    return "none"
"#;
    check_with_python("jsonpath", "python3", &["jsonpath_ng:jsonpath-ng (pip)"], SCRIPT);
}

#[test]
fn jmespath_against_jmespath() {
    // Parentheses leave no node in JMESPath's tree; a filter projection's condition is its third child.
    const SCRIPT: &str = r#"
import jmespath
def spine(data):
    node = jmespath.compile(data.decode()).parsed
    spine = ""
    while node["type"] == "filter_projection":
        spine, node = spine + "F", node["children"][2]
    if node["type"] != "current": return "none"
    return spine or "accepted"
"#;
    check_with_python("jmespath", "/usr/bin/python3", &["jmespath:python3-jmespath"], SCRIPT);
}

#[test]
fn cel_against_cel_python() {
    // cel-python's Lark tree keeps a node per parenthesised expression and per list literal.
    const SCRIPT: &str = r#"
import celpy
env = celpy.Environment()
def spine(data):
    tree = env.compile(data.decode())
    kinds = [t.data for t in tree.iter_subtrees()]
    parens, lists = kinds.count("paren_expr"), kinds.count("list_lit")
    if parens and lists: return "none"
    return "P" * parens + "S" * lists
"#;
    check_with_python("cel", "python3", &["celpy:cel-python (pip)"], SCRIPT);
}

#[test]
fn xpath_against_lxml() {
    // n predicates select the root of a chain of `a` elements exactly when it is n + 1 deep.
    const SCRIPT: &str = r#"
from lxml import etree
def spine(data):
    xpath = etree.XPath(data.decode())
    if not data.startswith(b"/"):
        return "accepted" if xpath(etree.fromstring("<a/>")) == 1.0 else "none"
    for chain in range(1, 100):
        if xpath(etree.fromstring("<a>" * chain + "</a>" * chain)):
            return "F" * (chain - 1)
    return "none"
"#;
    check_with_python("xpath", "/usr/bin/python3", &["lxml:python3-lxml"], SCRIPT);
}

#[test]
fn css_against_soupsieve() {
    // soupsieve keeps each pseudo-class's selector list, marked when it is a negation.
    const SCRIPT: &str = r#"
import soupsieve
def spine(data):
    selectors, spine = soupsieve.compile(data.decode()).selectors, ""
    while True:
        if len(selectors) != 1: return "none"
        selector = selectors[0]
        if not selector.selectors:
            return spine if selector.tag and selector.tag.name == "a" else "none"
        if len(selector.selectors) != 1: return "none"
        selectors = selector.selectors[0]
        spine += "N" if selectors.is_not else "I"
"#;
    check_with_python("css", "/usr/bin/python3", &["soupsieve:python3-soupsieve"], SCRIPT);
}

#[test]
fn code_against_python_ast_and_cc() {
    // Python's ast nests a List per bracket and drops parentheses; blocks, which Python lacks, go
    // to the C compiler inside a function body, as a C parser program would wrap them.
    const SCRIPT: &str = r#"
import ast, subprocess
def spine(data):
    if data.startswith(b"T{"):
        # Go's composite literals: go_tests.rs checks them with go/parser.
        return "accepted"
    if data.startswith(b"{"):
        source = b"void f(void) " + data + b"\n"
        out = subprocess.run(["cc", "-fsyntax-only", "-x", "c", "-"], input=source, capture_output=True)
        if out.returncode != 0: raise ValueError(out.stderr.decode())
        return "accepted"
    node, spine = ast.parse(data.decode(), mode="eval").body, ""
    while isinstance(node, ast.List):
        if len(node.elts) != 1: return "none"
        spine, node = spine + "S", node.elts[0]
    if not (isinstance(node, ast.Constant) and node.value == 1): return "none"
    return spine or "accepted"
"#;
    check_with_python("code", "python3", &[], SCRIPT);
}

/// The shapes whose oracle can only say that it accepted a payload (`accepted`), not how deep it
/// nests: parentheses vanish from every syntax tree, SQLite shows no tree at all, and C compilers
/// only say whether a block compiles. [`shapes_spell_the_nesting`] and
/// [`language_payloads_open_one_construct_per_level`] count their levels instead.
const OPAQUE: &[(&str, Shape)] = &[
    ("sql", Shape::Paren),
    ("sql", Shape::Subquery),
    ("sql", Shape::Case),
    ("sql", Shape::Call),
    ("jq", Shape::Paren),
    ("jmespath", Shape::Paren),
    ("xpath", Shape::Paren),
    ("code", Shape::Paren),
    ("code", Shape::Block),
    ("code", Shape::CompositeLiteral),
    ("regex", Shape::CharClass),
];

/// Checks every shape of `format` at every depth in [`DEPTHS`] with a Python function `spine(data)`
/// (defined by `script`): the spine of a parsed payload, or an exception for a rejected one. One
/// Python for all payloads: hex in, a spine or `error` per line out. `modules` (`module:apt
/// package`) must be importable; without them the test is skipped with a message, unless
/// NESTPROBE_TEST_STRICT is set (CI installs them and sets it).
fn check_with_python(name: &str, python: &str, modules: &[&str], script: &str) {
    let format = format(name);
    let imports: Vec<&str> = modules.iter().map(|m| m.split(':').next().unwrap()).collect();
    let ready = std::process::Command::new(python)
        .args([
            "-c",
            &format!("import {}", if imports.is_empty() { "sys".into() } else { imports.join(", ") }),
        ])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !ready {
        let packages: Vec<&str> = modules.iter().map(|m| m.split(':').nth(1).unwrap_or(m)).collect();
        let message =
            format!("no {python} with {} (apt-get install {})", imports.join(", "), packages.join(" "));
        assert!(std::env::var_os("NESTPROBE_TEST_STRICT").is_none(), "{message}");
        eprintln!("skipped: {message}");
        return;
    }
    let driver = format!(
        "{script}\nimport sys\nfor line in sys.stdin:\n    try:\n        print(spine(bytes.fromhex(line.strip())))\n    \
         except Exception as e:\n        print('error ' + type(e).__name__)\n"
    );
    let mut payloads = Vec::new();
    for &shape in format.shapes() {
        payloads.extend(DEPTHS.map(|depth| Payload::new(format, shape, depth)));
    }
    let input: String = payloads
        .iter()
        .map(|p| p.to_vec().iter().map(|b| format!("{b:02x}")).collect::<String>() + "\n")
        .collect();
    let output = std::process::Command::new(python)
        .args(["-c", &driver])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap_or_else(|e| panic!("{python}: {e}"));
    let lines: Vec<String> = String::from_utf8(output.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(lines.len(), payloads.len(), "{}", String::from_utf8_lossy(&output.stderr));
    for (payload, line) in payloads.iter().zip(lines) {
        if payload.shape.must_be_accepted() && line == "accepted" {
            // Oracles that drop what they parsed (parentheses vanish from every AST) only accept.
            assert!(OPAQUE.contains(&(name, payload.shape)), "{} was only accepted", payload.show());
        } else if payload.shape.must_be_accepted() {
            assert_eq!(line, expected(name, payload.shape, payload.depth), "{}", payload.show());
        } else {
            assert!(line.starts_with("error"), "{} was accepted: {line}", payload.show());
        }
    }
}

#[test]
fn shapes_spell_the_nesting() {
    assert_eq!(text("json", Shape::Array, 1), "[]");
    assert_eq!(text("json", Shape::Array, 3), "[[[]]]");
    assert_eq!(text("json", Shape::Object, 1), "{}");
    assert_eq!(text("json", Shape::Object, 3), r#"{"a":{"a":{}}}"#);
    assert_eq!(text("json", Shape::Mixed, 1), "[]");
    assert_eq!(text("json", Shape::Mixed, 2), r#"{"a":[]}"#);
    assert_eq!(text("json", Shape::Mixed, 3), r#"[{"a":[]}]"#);
    assert_eq!(text("json", Shape::Mixed, 4), r#"{"a":[{"a":[]}]}"#);
    assert_eq!(text("json", Shape::Unclosed, 3), "[[[");
    assert_eq!(text("yaml", Shape::Object, 3), "{a: {a: {}}}");
    assert_eq!(text("toml", Shape::Array, 3), "a=[[[]]]");
    assert_eq!(text("toml", Shape::Object, 2), "a={a={}}");
    assert_eq!(text("xml", Shape::Element, 3), "<a><a><a/></a></a>");
    assert_eq!(text("xml", Shape::Unclosed, 2), "<a><a>");
    assert_eq!(text("xml", Shape::Attributed, 1), r#"<a xmlns:b="b" a="" b:a=""/>"#);
    assert_eq!(text("xml", Shape::ContentModel, 2), "<!DOCTYPE a [<!ELEMENT a ((a))>]><a/>");
    assert_eq!(text("xml", Shape::EntityRef, 1), r#"<!DOCTYPE a [<!ENTITY e1 "a">]><a>&e1;</a>"#);
    assert_eq!(
        text("xml", Shape::EntityRef, 3),
        r#"<!DOCTYPE a [<!ENTITY e1 "a"><!ENTITY e2 "&e1;"><!ENTITY e3 "&e2;">]><a>&e3;</a>"#
    );
    assert_eq!(text("python", Shape::Object, 2), "{0:{}}");
    assert_eq!(text("edn", Shape::Mixed, 3), "[{0 []}]");
    assert_eq!(text("sexp", Shape::Array, 3), "((()))");
    assert_eq!(bytes("msgpack", Shape::Array, 3), [0x91, 0x91, 0x90]);
    assert_eq!(bytes("msgpack", Shape::Object, 2), [0x81, 0xa1, b'a', 0x80]);
    assert_eq!(bytes("cbor", Shape::Object, 2), [0xa1, 0x61, b'a', 0xa0]);
    assert_eq!(bytes("cbor", Shape::Array, 3), [0x81, 0x81, 0x80]);
    assert_eq!(bytes("cbor", Shape::Unclosed, 2), [0x81, 0x81]);
    assert_eq!(bytes("cbor", Shape::Tag, 1), [0x80]);
    assert_eq!(bytes("cbor", Shape::Tag, 3), [0xc6, 0xc6, 0x80]);
    assert_eq!(bytes("protobuf", Shape::Object, 2), [0x0a, 0x02, 0x0a, 0x00]);
    assert_eq!(bytes("protobuf", Shape::Unclosed, 2), [0x0a, 0x02, 0x0a]);
    assert_eq!(bytes("protobuf", Shape::Group, 1), [0x13, 0x14]);
    assert_eq!(bytes("protobuf", Shape::Group, 3), [0x13, 0x13, 0x13, 0x14, 0x14, 0x14]);
    assert_eq!(bytes("bson", Shape::Object, 2), [13, 0, 0, 0, 3, b'a', 0, 5, 0, 0, 0, 0, 0]);
    assert_eq!(text("markdown", Shape::Quote, 3), ">>> a\n");
    assert_eq!(text("markdown", Shape::List, 3), "- a\n  - a\n    - a\n");
    assert_eq!(text("markdown", Shape::Inline, 1), "*a x a*\n");
    assert_eq!(text("markdown", Shape::Inline, 3), "*a _a *a x a* a_ a*\n");
    assert_eq!(text("graphql", Shape::Selection, 1), "{a}");
    assert_eq!(text("graphql", Shape::Selection, 3), "{a{a{a}}}");
    assert_eq!(text("graphql", Shape::Array, 2), "{f(a:[[]])}");
    assert_eq!(text("graphql", Shape::Unclosed, 2), "{a{a");
    assert_eq!(text("graphql", Shape::Typename, 1), "{__typename}");
    assert_eq!(text("graphql", Shape::Typename, 3), "{a{a{__typename}}}");
    assert_eq!(text("html", Shape::Element, 2), "<div><div></div></div>");
    assert_eq!(text("html", Shape::Inline, 2), "<b><b></b></b>");
    assert_eq!(bytes("asn1", Shape::Array, 3), [0x30, 0x04, 0x30, 0x02, 0x30, 0x00]);
    assert_eq!(bytes("asn1", Shape::Tagged, 2), [0xa0, 0x02, 0xa0, 0x00]);
    assert_eq!(bytes("asn1", Shape::Indefinite, 2), [0x30, 0x80, 0x30, 0x00, 0x00, 0x00]);
    assert_eq!(bytes("asn1", Shape::Unclosed, 2), [0x30, 0x02, 0x30]);
    assert_eq!(bytes("asn1", Shape::NullInside, 1), [0x30, 0x02, 0x05, 0x00]);
    assert_eq!(bytes("asn1", Shape::NullInside, 3), [0x30, 0x06, 0x30, 0x04, 0x30, 0x02, 0x05, 0x00]);
    assert_eq!(text("regex", Shape::Group, 3), "(((a)))");
    assert_eq!(text("regex", Shape::Noncapture, 2), "(?:(?:a))");
    assert_eq!(text("regex", Shape::Alternation, 1), "(a)");
    assert_eq!(text("regex", Shape::Alternation, 3), "(a|(a|(a)))");
    assert_eq!(text("regex", Shape::Quantified, 2), "((a)*)*");
    assert_eq!(text("regex", Shape::CharClass, 3), "[[[a]]]");
    assert_eq!(text("regex", Shape::Unclosed, 2), "((");
    assert_eq!(text("pomsky", Shape::Group, 1), "('a')");
    assert_eq!(text("rfc2822", Shape::Paren, 2), "(())Sat, 12 Jun 1993 13:25:19 GMT");
    assert_eq!(text("rfc2822", Shape::Unclosed, 3), "(((");
    assert_eq!(text("pomsky", Shape::Group, 3), "((('a')))");
    assert_eq!(text("pomsky", Shape::Unclosed, 2), "((");
    assert_eq!(text("solidity-abi", Shape::Paren, 1), "function f((uint256))");
    assert_eq!(text("solidity-abi", Shape::Paren, 3), "function f((((uint256))))");
    assert_eq!(text("solidity-abi", Shape::Unclosed, 2), "function f(((");
    let pdf = text("pdf", Shape::Array, 2);
    assert!(pdf.starts_with("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /X [[]] >>\nendobj\nxref\n0 2\n"), "{pdf}");
    // The table starts where startxref says, the catalog where the table says.
    let table = pdf.find("xref\n").unwrap();
    assert!(pdf.ends_with(&format!("startxref\n{table}\n%%EOF\n")), "{pdf}");
    assert_eq!(pdf.find("1 0 obj"), Some(9));
    let object = text("pdf", Shape::Object, 3);
    assert!(object.contains("/X <</X<</X<<>>>>>> >>"), "{object}");
    assert!(object.ends_with(&format!("startxref\n{}\n%%EOF\n", object.find("xref\n").unwrap())));
    assert!(text("pdf", Shape::Unclosed, 2).ends_with("/X [["));
    assert_eq!(text("flatted", Shape::Array, 1), "[[]]");
    assert_eq!(text("flatted", Shape::Array, 3), r#"[["1"],["2"],[]]"#);
    assert_eq!(text("flatted", Shape::Object, 3), r#"[{"a":"1"},{"a":"2"},{}]"#);
    assert_eq!(text("flatted", Shape::Unclosed, 2), r#"[["1"],[]"#);
    assert_eq!(text("sql", Shape::Paren, 2), "SELECT ((1))");
    assert_eq!(text("sql", Shape::Subquery, 2), "SELECT * FROM (SELECT * FROM (SELECT 1) AS t) AS t");
    assert_eq!(text("sql", Shape::Case, 2), "SELECT CASE 1 WHEN 1 THEN CASE 1 WHEN 1 THEN 1 END END");
    assert_eq!(text("sql", Shape::Unclosed, 2), "SELECT ((");
    assert_eq!(text("sql", Shape::Call, 2), "SELECT abs(abs(1))");
    assert_eq!(text("promql", Shape::Paren, 2), "((1))");
    assert_eq!(text("promql", Shape::Call, 1), "abs(vector(1))");
    assert_eq!(text("promql", Shape::Call, 3), "abs(abs(abs(vector(1))))");
    assert_eq!(text("promql", Shape::Unclosed, 2), "((");
    assert_eq!(text("influxql", Shape::Paren, 2), "SELECT ((v)) FROM m");
    assert_eq!(text("influxql", Shape::Call, 2), "SELECT abs(abs(v)) FROM m");
    assert_eq!(text("influxql", Shape::Unclosed, 2), "SELECT ((");
    assert_eq!(text("jq", Shape::Paren, 3), "(((.)))");
    assert_eq!(text("jq", Shape::Array, 2), "[[.]]");
    assert_eq!(text("jsonpath", Shape::Filter, 1), "$[?(@)]");
    assert_eq!(text("jsonpath", Shape::Filter, 2), "$[?(@[?(@)])]");
    assert_eq!(text("jsonpath", Shape::Unclosed, 2), "$[?(@[?(@");
    assert_eq!(text("jmespath", Shape::Paren, 2), "((@))");
    assert_eq!(text("jmespath", Shape::Filter, 2), "[?[?@]]");
    assert_eq!(text("cel", Shape::Paren, 2), "((1))");
    assert_eq!(text("cel", Shape::Array, 2), "[[1]]");
    assert_eq!(text("expr", Shape::Paren, 2), "((1))");
    assert_eq!(text("query-string", Shape::Object, 1), "a[a]=1");
    assert_eq!(text("query-string", Shape::Object, 3), "a[a][a][a]=1");
    assert_eq!(text("expr", Shape::Array, 3), "[[[1]]]");
    assert_eq!(text("expr", Shape::Unclosed, 2), "((");
    assert_eq!(text("xpath", Shape::Predicate, 1), "/a[a]");
    assert_eq!(text("xpath", Shape::Predicate, 3), "/a[a[a[a]]]");
    assert_eq!(text("xpath", Shape::Paren, 2), "((1))");
    assert_eq!(text("xpath", Shape::Unclosed, 2), "/a[a[a");
    assert_eq!(text("css", Shape::Not, 2), ":not(:not(a))");
    assert_eq!(text("css", Shape::Is, 2), ":is(:is(a))");
    assert_eq!(text("css", Shape::Unclosed, 2), ":not(:not(");
    assert_eq!(text("code", Shape::Paren, 2), "((1))");
    assert_eq!(text("code", Shape::Array, 3), "[[[1]]]");
    assert_eq!(text("code", Shape::Block, 3), "{{{}}}");
    assert_eq!(text("code", Shape::CompositeLiteral, 1), "T{}");
    assert_eq!(text("code", Shape::CompositeLiteral, 3), "T{{{}}}");
    assert_eq!(text("build-constraint", Shape::Negation, 2), "//go:build !(!(a))");
    assert_eq!(text("build-constraint", Shape::Paren, 2), "//go:build ((a))");
    assert_eq!(text("build-constraint", Shape::Unclosed, 2), "//go:build ((");
    // gob: the definition of level 1 (id 65, a []int), then the value: one element, an empty []int
    // (what Go's encoder writes for a [][]int, less the names).
    assert_eq!(
        bytes("gob", Shape::Array, 2),
        [
            [0x0c, 0xff, 0x81, 0x02, 0x01, 0x02, 0xff, 0x82, 0x00, 0x01, 0x04, 0x00, 0x00].as_slice(),
            &[0x0d, 0xff, 0x83, 0x02, 0x01, 0x02, 0xff, 0x84, 0x00, 0x01, 0xff, 0x82, 0x00, 0x00],
            &[0x05, 0xff, 0x84, 0x00, 0x01, 0x00],
        ]
        .concat()
    );
    let object = bytes("gob", Shape::Object, 2);
    assert_eq!(object[object.len() - 6..], [0x05, 0xff, 0x84, 0x01, 0x00, 0x00]);
    assert_eq!(bytes("gob", Shape::Unclosed, 2)[27..], [0x05, 0xff, 0x84, 0x00, 0x01]);
    assert_eq!(text("code", Shape::Unclosed, 3), "(((");
    // 64 levels take 128 bytes: the 65th has the first long-form length.
    assert_eq!(bytes("asn1", Shape::Array, 65)[..4], [0x30, 0x81, 0x80, 0x30]);
}

/// What opens one level of each language shape, counted in the text: every payload of depth n
/// opens exactly n of them (the oracles that drop parentheses cannot count those).
#[test]
fn language_payloads_open_one_construct_per_level() {
    let openers: &[(&str, Shape, &str)] = &[
        ("regex", Shape::Group, "("),
        ("regex", Shape::Noncapture, "(?:"),
        ("regex", Shape::Alternation, "(a"),
        ("regex", Shape::Quantified, ")*"),
        ("regex", Shape::CharClass, "["),
        ("pomsky", Shape::Group, "("),
        ("sql", Shape::Paren, "("),
        ("sql", Shape::Subquery, "(SELECT"),
        ("sql", Shape::Case, "CASE 1"),
        ("sql", Shape::Call, "abs("),
        ("promql", Shape::Paren, "("),
        ("promql", Shape::Call, "abs("),
        ("influxql", Shape::Paren, "("),
        ("influxql", Shape::Call, "abs("),
        ("jq", Shape::Paren, "("),
        ("expr", Shape::Paren, "("),
        ("expr", Shape::Array, "["),
        ("query-string", Shape::Object, "[a]"),
        ("jmespath", Shape::Paren, "("),
        ("xpath", Shape::Paren, "("),
        ("code", Shape::Paren, "("),
        ("code", Shape::Block, "{"),
        ("code", Shape::CompositeLiteral, "{"),
        ("build-constraint", Shape::Negation, "!("),
        ("build-constraint", Shape::Paren, "("),
    ];
    for &(name, shape, opener) in openers {
        for depth in DEPTHS {
            let text = text(name, shape, depth);
            assert_eq!(text.matches(opener).count() as u64, depth, "{name} {shape} at {depth}: {text}");
        }
    }
}

#[test]
fn sizes_are_computed_without_writing_and_agree_with_what_is_written() {
    // Depths around the 64 KiB chunks, and where protobuf's lengths grow a byte (at 128, 16 384 and
    // 2 097 152 bytes of contents).
    let large = [65_535, 65_536, 65_537, 200_001, 600_001];
    for format in PayloadFormat::all() {
        for &shape in format.shapes() {
            // Markdown's lists grow as depth²: only as deep as they are tried.
            for depth in DEPTHS.chain(large).filter(|&depth| depth <= format.deepest_tried(shape)) {
                let payload = Payload::new(format, shape, depth);
                let mut counter = Counter::default();
                payload.write_to(&mut counter).unwrap();
                assert_eq!(counter.bytes, payload.len(), "{format} {shape} {depth}");
                // Streamed in chunks, never in one piece: nestprobe's memory must not grow with depth.
                assert!(counter.largest_write <= 64 * 1024 + 64, "{format} {shape} {depth}");
            }
        }
    }
    assert_eq!(Payload::new(PayloadFormat::JSON, Shape::Array, 5_000_000).len(), 10_000_000);
    assert_eq!(Payload::new(format("xml"), Shape::Element, 5_000_000).len(), 7 * 4_999_999 + 4);
}

/// Counts what is written without keeping it.
#[derive(Default)]
struct Counter {
    bytes: u64,
    largest_write: usize,
}

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes += buf.len() as u64;
        self.largest_write = self.largest_write.max(buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn large_text_payloads_open_and_close_every_level() {
    for (name, shape, open, close) in [
        ("json", Shape::Array, b'[', b']'),
        ("json", Shape::Object, b'{', b'}'),
        ("yaml", Shape::Object, b'{', b'}'),
        ("toml", Shape::Array, b'[', b']'),
        ("sexp", Shape::Array, b'(', b')'),
    ] {
        let bytes = bytes(name, shape, 200_001);
        assert_eq!(bytes.iter().filter(|&&b| b == open).count(), 200_001, "{name} {shape}");
        assert_eq!(bytes.iter().filter(|&&b| b == close).count(), 200_001, "{name} {shape}");
    }
    // Every element starts with `<a` and ends with `/`: in `<a/>` or `</a>`.
    let xml = bytes("xml", Shape::Element, 200_001);
    assert_eq!(xml.windows(2).filter(|w| w == b"<a").count(), 200_001);
    assert_eq!(xml.iter().filter(|&&b| b == b'/').count(), 200_001);
    for name in ["json", "yaml", "toml", "python", "edn"] {
        let bytes = bytes(name, Shape::Mixed, 200_001);
        let opens = bytes.iter().filter(|&&b| b == b'[' || b == b'{').count();
        let closes = bytes.iter().filter(|&&b| b == b']' || b == b'}').count();
        assert_eq!((opens, closes), (200_001, 200_001), "{name}");
    }
}

/// Walks nested length-prefixed levels without recursion: every length must end exactly where its
/// parent ends.
#[test]
fn large_length_prefixed_payloads_are_consistent_at_every_level() {
    let depth = 600_001;
    let message = bytes("protobuf", Shape::Object, depth);
    let (mut at, mut levels) = (0, 0);
    while at < message.len() {
        assert_eq!(message[at], 0x0a, "tag at byte {at}");
        at += 1;
        let (mut length, mut shift) = (0usize, 0);
        loop {
            let byte = message[at];
            at += 1;
            length |= ((byte & 0x7f) as usize) << shift;
            shift += 7;
            if byte < 0x80 {
                break;
            }
        }
        assert_eq!(at + length, message.len(), "level {levels} ends where the input ends");
        levels += 1;
    }
    assert_eq!(levels, depth);

    let document = bytes("bson", Shape::Object, depth);
    let (mut at, mut levels) = (0, 0);
    loop {
        let size = i32::from_le_bytes(document[at..at + 4].try_into().unwrap()) as usize;
        // Everything from here to the end, less the terminators of the levels outside this one.
        assert_eq!(at + size + levels, document.len(), "level {levels}");
        levels += 1;
        if size == 5 {
            break;
        }
        assert_eq!(&document[at + 4..at + 7], &[3, b'a', 0]);
        at += 7;
    }
    assert_eq!(levels, depth as usize);
    assert!(document[at + 5..].iter().all(|&b| b == 0));
}

#[test]
fn the_registry_names_each_format_once_and_each_has_a_shape_to_accept_and_maybe_one_to_reject() {
    let names: Vec<&str> = PayloadFormat::names().collect();
    for name in ["json", "yaml", "toml", "xml", "msgpack", "cbor"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    assert_eq!(PayloadFormat::default(), PayloadFormat::JSON);
    for format in PayloadFormat::all() {
        assert!(format.main_shape().must_be_accepted(), "{format}");
        // Invalid input, where a format has any, is its last shape; in Markdown, HTML and query
        // strings every text is valid.
        let rejects = !["markdown", "html", "query-string"].contains(&format.name());
        assert_eq!(format.has(Shape::Unclosed), rejects, "{format}");
        if rejects {
            assert_eq!(format.shapes().last(), Some(&Shape::Unclosed), "{format}");
        }
        assert_eq!(format.name().parse::<PayloadFormat>(), Ok(format));
    }
    for shape in Shape::ALL {
        assert_eq!(shape.name().parse::<Shape>(), Ok(shape));
    }
}

#[test]
fn a_shape_a_format_lacks_is_a_one_line_error_that_lists_its_shapes() {
    let error = format("xml").check(Shape::Array, 10).unwrap_err();
    assert_eq!(error, "xml payloads have no `array` shape; their shapes: element, entity-ref, content-model, attributed, unclosed");
    assert!(format("json").check(Shape::Element, 10).unwrap_err().contains("array, object, mixed, unclosed"));
    let bson = format("bson");
    assert!(bson.check(Shape::Object, bson.max_depth()).is_ok());
    assert!(bson.check(Shape::Object, bson.max_depth() + 1).unwrap_err().contains("deeper than"));
    let unknown = "yml".parse::<PayloadFormat>().unwrap_err();
    assert!(unknown.starts_with("unknown payload format `yml`; formats: json, yaml"), "{unknown}");
}

#[test]
fn formats_are_stored_by_name_and_old_results_without_one_are_json() {
    #[derive(Deserialize, Serialize)]
    struct Record {
        #[serde(default)]
        payload_format: PayloadFormat,
        shape: Shape,
    }
    let record: Record = serde_json::from_str(r#"{"shape": "unclosed"}"#).unwrap();
    assert_eq!((record.payload_format, record.shape), (PayloadFormat::JSON, Shape::Unclosed));
    let yaml = Record { payload_format: format("yaml"), shape: Shape::Object };
    assert_eq!(serde_json::to_string(&yaml).unwrap(), r#"{"payload_format":"yaml","shape":"object"}"#);
    assert!(serde_json::from_str::<Record>(r#"{"payload_format": "yml", "shape": "array"}"#).is_err());
}

#[test]
fn payloads_are_shown_as_text_or_hex() {
    assert_eq!(Payload::new(PayloadFormat::JSON, Shape::Array, 1).show(), "json `[]`");
    assert_eq!(Payload::new(format("xml"), Shape::Element, 1).show(), "xml `<a/>`");
    assert_eq!(Payload::new(format("msgpack"), Shape::Object, 2).show(), "msgpack 81 a1 61 80 (hex)");
}
