//! XML: elements in elements, `<a><a/></a>`; the same with attributes on every element, two of
//! them with the same local name in different namespaces (`<a xmlns:b="b" a="" b:a="">`, the
//! elements REXML's tree parser slowed down on); internal entities whose replacement text refers to
//! the entity declared before them, the document referring to the last (`<!ENTITY e2 "&e1;">`: one
//! level per entity expansion, the chain expat expanded recursively); and a DTD element declaration
//! whose content model nests groups in groups (`<!ELEMENT a (((a)))>`, the model expat built
//! recursively for an element-declaration handler). XML has no sequences or mappings, so its main
//! shape is `element`; `unclosed` opens elements and never closes them.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{digits, digits_up_to, nest, unclosed, Level, Piece, Syntax};

/// Elements in elements: XML `<a><a>…<a/></a></a>`, HTML `<div><div>…</div></div>`
pub(super) const ELEMENT_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("element", "Elements"));
/// Entity references expanding entity references: `<!ENTITY e2 "&e1;">`, the document `&eN;`
pub(super) const ENTITY_REF_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("entity-ref", "Entity chains"));
/// Groups in groups in a DTD content model: `<!ELEMENT a (((a)))>`
pub(super) const CONTENT_MODEL_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("content-model", "Content-model groups"));
/// Elements in elements, each with attributes of the same local name: `<a xmlns:b="b" a="" b:a="">`
pub(super) const ATTRIBUTED_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("attributed", "Elements with attributes"));

pub struct Xml;

const ELEMENT: Level = Level { open: b"<a>", empty: b"<a/>", close: b"</a>" };
const ATTRIBUTED: Level = Level {
    open: br#"<a xmlns:b="b" a="" b:a="">"#,
    empty: br#"<a xmlns:b="b" a="" b:a=""/>"#,
    close: b"</a>",
};

impl Syntax for Xml {
    fn name(&self) -> &'static str {
        "xml"
    }

    fn title(&self) -> &'static str {
        "XML"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Element, Shape::EntityRef, Shape::ContentModel, Shape::Attributed, Shape::Unclosed]
    }

    /// The DTD's two nestings after the entity chains (the second shape): content models and
    /// elements that carry attributes.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::ContentModel, Shape::Attributed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Unclosed => unclosed(&ELEMENT, depth),
            Shape::Attributed => nest(&ATTRIBUTED, depth),
            Shape::ContentModel => vec![
                Piece::run(b"<!DOCTYPE a [<!ELEMENT a ", 1),
                Piece::run(b"(", depth),
                Piece::run(b"a", 1),
                Piece::run(b")", depth),
                Piece::run(b">]><a/>", 1),
            ],
            Shape::EntityRef => vec![
                Piece::run(b"<!DOCTYPE a [", 1),
                Piece::Lines { count: depth, bytes: declarations_len(depth), spell: declaration },
                Piece::Levels { top: depth, bottom: depth, bytes: 12 + digits(depth), spell: reference },
            ],
            _ => nest(&ELEMENT, depth),
        }
    }
}

/// Entity `e{index + 1}`: `e1` is `a`, each later one refers to the one before.
fn declaration(index: u64, out: &mut Vec<u8>) {
    let k = index + 1;
    if k == 1 {
        out.extend_from_slice(br#"<!ENTITY e1 "a">"#);
    } else {
        out.extend_from_slice(format!(r#"<!ENTITY e{k} "&e{};">"#, k - 1).as_bytes());
    }
}

/// The end of the DTD and the document, which refers to the last entity, `e{depth}`.
fn reference(depth: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(format!("]><a>&e{depth};</a>").as_bytes());
}

/// The size of entities `e1` to `e{n}` as [`declaration`] spells them: 16 bytes for `e1`, then
/// 17 plus the digits of k and of k − 1 for each `ek`.
fn declarations_len(n: u64) -> u64 {
    16 + 17 * (n - 1) + (digits_up_to(n) - 1) + digits_up_to(n - 1)
}
