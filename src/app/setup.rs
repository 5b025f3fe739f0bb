//! `setup`: install the selected rows' toolchains.

use anyhow::Result;

use super::exit::Ending;
use crate::cli::SetupArgs;
use crate::setup::{setup as install, SetupOptions};

pub fn setup(args: &SetupArgs) -> Result<Ending> {
    install(&SetupOptions {
        catalog: args.catalog.catalog.clone(),
        selection: args.catalog.selection(),
        build_dir: args.catalog.build_dir.clone(),
        dry_run: args.dry_run,
    })?;
    Ok(Ending::Done)
}
