//! `setup`: install the selected rows' toolchains.

use anyhow::Result;

use super::exit::Ending;
use crate::cli::SetupArgs;
use crate::lock::{Folder, FolderLock};
use crate::setup::{setup as install, SetupOptions};

pub fn setup(args: &SetupArgs) -> Result<Ending> {
    // A dry run writes nothing into the build folder.
    let _build = match args.dry_run {
        false => Some(FolderLock::acquire(&args.catalog.build_dir, Folder::Build)?),
        true => None,
    };
    install(&SetupOptions {
        catalog: args.catalog.catalog.clone(),
        selection: args.catalog.selection(),
        build_dir: args.catalog.build_dir.clone(),
        dry_run: args.dry_run,
    })?;
    Ok(Ending::Done)
}
