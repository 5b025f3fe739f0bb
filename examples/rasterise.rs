//! Rasterises SVG files to PNG with resvg, to look at the charts: `rasterise IN.svg OUT.png …`.
//! Used by scripts/render-charts.sh; text uses the machine's fonts.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() % 2 != 0 {
        eprintln!("usage: rasterise IN.svg OUT.png [IN.svg OUT.png …]");
        std::process::exit(2);
    }
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    for pair in args.chunks(2) {
        let data = std::fs::read(&pair[0]).unwrap_or_else(|e| panic!("cannot read {}: {e}", pair[0]));
        let tree =
            resvg::usvg::Tree::from_data(&data, &options).unwrap_or_else(|e| panic!("{}: {e}", pair[0]));
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
        pixmap.save_png(&pair[1]).unwrap_or_else(|e| panic!("cannot write {}: {e}", pair[1]));
        eprintln!("{} → {} ({}×{})", pair[0], pair[1], size.width(), size.height());
    }
}
