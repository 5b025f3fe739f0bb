//! The schemas other tools' outputs are checked against (vendored in tests/schemas/): JUnit XML
//! through xmllint, SARIF 2.1.0 through Python's jsonschema.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::provided;

fn schemas() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas")
}

/// Validates `file` against Jenkins/Ant's JUnit schema (junit-10.xsd) with xmllint.
pub fn assert_valid_junit(file: &Path) {
    let schema = schemas().join("junit-10.xsd");
    let Ok(output) = Command::new("xmllint").arg("--noout").arg("--schema").arg(&schema).arg(file).output()
    else {
        provided("xmllint", false, "apt-get install libxml2-utils");
        return;
    };
    assert!(
        output.status.success(),
        "{} does not validate against junit-10.xsd:\n{}\n{}",
        file.display(),
        String::from_utf8_lossy(&output.stderr),
        fs::read_to_string(file).unwrap()
    );
}

/// Validates `file` against the SARIF 2.1.0 JSON schema with Python's jsonschema.
pub fn assert_valid_sarif(file: &Path) {
    const CHECK: &str = "import json, sys, jsonschema\n\
        schema = json.load(open(sys.argv[1]))\n\
        cls = jsonschema.validators.validator_for(schema)\n\
        errors = [e.message for e in cls(schema).iter_errors(json.load(open(sys.argv[2])))]\n\
        print('\\n'.join(errors)); sys.exit(1 if errors else 0)\n";
    let schema = schemas().join("sarif-schema-2.1.0.json");
    let python = ["/usr/bin/python3", "python3"].into_iter().find(|python| {
        Command::new(python).args(["-c", "import jsonschema"]).output().is_ok_and(|o| o.status.success())
    });
    let Some(python) = python else {
        provided("python3 with jsonschema", false, "apt-get install python3-jsonschema");
        return;
    };
    let output = Command::new(python).args(["-c", CHECK]).arg(&schema).arg(file).output().unwrap();
    assert!(
        output.status.success(),
        "{} does not validate against the SARIF 2.1.0 schema:\n{}{}",
        file.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
