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
    /// Web and GraphQL services, whatever their payload format: a row whose trials are requests to
    /// a server (a record's family, `ParserRecord::family`, not a format's).
    Services,
    /// Products people deploy (a monitoring server, a database, a proxy's admin API), each asked
    /// through its own interface (a record's family too: `ParserRecord::family`).
    Products,
}

impl FormatClass {
    pub const ALL: [FormatClass; 7] = [
        FormatClass::Data,
        FormatClass::Patterns,
        FormatClass::Sql,
        FormatClass::QueryLanguages,
        FormatClass::Code,
        FormatClass::Services,
        FormatClass::Products,
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
            FormatClass::Services => Some("Services"),
            FormatClass::Products => Some("Products"),
        }
    }

    /// Its name in file names, the page's class filter and its URL fragment: `patterns`.
    pub fn key(self) -> &'static str {
        match self {
            FormatClass::Data => "data",
            FormatClass::Patterns => "patterns",
            FormatClass::Sql => "sql",
            FormatClass::QueryLanguages => "query-languages",
            FormatClass::Code => "code",
            FormatClass::Services => "services",
            FormatClass::Products => "products",
        }
    }

    /// Its title where every class is listed (the page's class filter): its heading, `Data formats`
    /// for the formats the atlas began with.
    pub fn title(self) -> &'static str {
        self.heading().unwrap_or("Data formats")
    }

    /// Its name inside a sentence: `query languages`, `SQL`, `data formats`.
    pub fn in_text(self) -> &'static str {
        match self {
            FormatClass::Data => "data formats",
            FormatClass::Patterns => "patterns",
            FormatClass::Sql => "SQL",
            FormatClass::QueryLanguages => "query languages",
            FormatClass::Code => "code",
            FormatClass::Services => "services",
            FormatClass::Products => "products",
        }
    }

    /// What its rows measure, in a summary line: `3 regex engines`, `1 SQL parser`.
    pub fn rows_noun(self, rows: usize) -> &'static str {
        let one = rows == 1;
        match self {
            FormatClass::Data if one => "data-format parser",
            FormatClass::Data => "data-format parsers",
            FormatClass::Patterns if one => "regex engine",
            FormatClass::Patterns => "regex engines",
            FormatClass::Sql if one => "SQL parser",
            FormatClass::Sql => "SQL parsers",
            FormatClass::QueryLanguages if one => "query-language parser",
            FormatClass::QueryLanguages => "query-language parsers",
            FormatClass::Code if one => "code parser",
            FormatClass::Code => "code parsers",
            FormatClass::Services if one => "service",
            FormatClass::Services => "services",
            FormatClass::Products if one => "product",
            FormatClass::Products => "products",
        }
    }

    /// What a program run without a phase does, as the reports label it: a data format's program
    /// runs as it always did; a language's compiles its input (the `run` phase runs it).
    pub fn main_label(self) -> &'static str {
        match self {
            FormatClass::Data => "whole run",
            FormatClass::Services | FormatClass::Products => "fresh server",
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
        assert_eq!(headings, ["Patterns", "SQL", "Query languages", "Code", "Services", "Products"]);
        assert_eq!(FormatClass::Data.main_label(), "whole run");
        assert_eq!(FormatClass::Sql.main_label(), "compile");
        let keys: Vec<&str> = FormatClass::ALL.iter().map(|c| c.key()).collect();
        assert_eq!(keys, ["data", "patterns", "sql", "query-languages", "code", "services", "products"]);
        assert_eq!(FormatClass::Data.title(), "Data formats");
        assert_eq!(FormatClass::QueryLanguages.title(), "Query languages");
        assert_eq!(FormatClass::Patterns.rows_noun(1), "regex engine");
        assert_eq!(FormatClass::Patterns.rows_noun(3), "regex engines");
        // Listed in the order of ALL: data first.
        assert!(FormatClass::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
