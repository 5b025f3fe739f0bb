//! The family a payload format belongs to, which reports put its sections under: the data formats
//! and documents the atlas began with, then the languages (patterns, SQL, query languages, code).
//! A format names its class ([`super::Syntax::class`]); reports group by it, so a row of a new
//! format lands under its heading with no other change.

/// A family of payload formats, in the order reports list them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FormatClass {
    /// Data formats and documents: JSON, YAML, XML, Markdown…
    #[default]
    Data,
    /// Regular expressions.
    Patterns,
    Sql,
    /// Expressions that select from a document: jq, JSONPath, JMESPath, CEL, XPath, CSS selectors.
    QueryLanguages,
    /// Source code in programming languages.
    Code,
}

impl FormatClass {
    pub const ALL: [FormatClass; 5] = [
        FormatClass::Data,
        FormatClass::Patterns,
        FormatClass::Sql,
        FormatClass::QueryLanguages,
        FormatClass::Code,
    ];

    /// The heading its formats' sections sit under; none for data formats, whose sections stay at
    /// the top level as they were before the languages came.
    pub fn heading(self) -> Option<&'static str> {
        match self {
            FormatClass::Data => None,
            FormatClass::Patterns => Some("Patterns"),
            FormatClass::Sql => Some("SQL"),
            FormatClass::QueryLanguages => Some("Query languages"),
            FormatClass::Code => Some("Code"),
        }
    }

    /// What a program run without a phase does, as the reports label it: a data format's program
    /// runs as it always did; a language's compiles its input (the `run` phase runs it).
    pub fn main_label(self) -> &'static str {
        match self {
            FormatClass::Data => "whole run",
            _ => "compile",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::PayloadFormat;

    #[test]
    fn every_language_format_has_a_class_with_a_heading_and_data_formats_none() {
        let class_of = |name: &str| name.parse::<PayloadFormat>().unwrap().class();
        assert_eq!(class_of("json"), FormatClass::Data);
        assert_eq!(class_of("asn1"), FormatClass::Data);
        assert_eq!(class_of("regex"), FormatClass::Patterns);
        assert_eq!(class_of("sql"), FormatClass::Sql);
        for name in ["jq", "jsonpath", "jmespath", "cel", "xpath", "css"] {
            assert_eq!(class_of(name), FormatClass::QueryLanguages, "{name}");
        }
        assert_eq!(class_of("code"), FormatClass::Code);
        let headings: Vec<_> = FormatClass::ALL.iter().filter_map(|c| c.heading()).collect();
        assert_eq!(headings, ["Patterns", "SQL", "Query languages", "Code"]);
        assert_eq!(FormatClass::Data.main_label(), "whole run");
        assert_eq!(FormatClass::Sql.main_label(), "compile");
        // Listed in the order of ALL: data first.
        assert!(FormatClass::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
