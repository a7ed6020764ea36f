import CPoppler

/// A PDF page drawn by poppler into a cairo image and written as a PNG by
/// cairo: the picture of a page (a PDF's cover is its first page).
enum PDFPageDrawing {
    /// `page` on white, scaled so that its longer side is `longestSide`
    /// pixels, as PNG bytes; nil when the page has no size or cairo fails.
    static func png(of page: OpaquePointer, longestSide: Int, _ poppler: Poppler) -> [UInt8]? {
        var width = 0.0
        var height = 0.0
        poppler.page_get_size(page, &width, &height)
        guard width.isFinite, height.isFinite, width > 0, height > 0, longestSide > 0 else { return nil }
        let scale = Double(longestSide) / max(width, height)
        let pixels = (
            width: Int32(min(Double(longestSide), max(1, (width * scale).rounded()))),
            height: Int32(min(Double(longestSide), max(1, (height * scale).rounded())))
        )
        guard let surface = poppler.cairo_image_surface_create(Int32(CCAIRO_FORMAT_RGB24), pixels.width, pixels.height)
        else { return nil }
        defer { poppler.cairo_surface_destroy(surface) }
        guard poppler.cairo_surface_status(surface) == Int32(CCAIRO_STATUS_SUCCESS), let cairo = poppler.cairo_create(surface)
        else { return nil }
        poppler.cairo_set_source_rgb(cairo, 1, 1, 1)
        poppler.cairo_paint(cairo)
        poppler.cairo_scale(cairo, scale, scale)
        poppler.page_render(page, cairo)
        let drawn = poppler.cairo_status(cairo) == Int32(CCAIRO_STATUS_SUCCESS)
        poppler.cairo_destroy(cairo)
        guard drawn else { return nil }
        return encoded(surface, poppler)
    }

    /// The surface as PNG bytes, as cairo writes them.
    private static func encoded(_ surface: OpaquePointer, _ poppler: Poppler) -> [UInt8]? {
        final class Collector { var bytes: [UInt8] = [] }
        let collector = Collector()
        let status = withExtendedLifetime(collector) {
            poppler.cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return 11 }  // CAIRO_STATUS_WRITE_ERROR
                let collector = Unmanaged<Collector>.fromOpaque(closure).takeUnretainedValue()
                collector.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return Int32(CCAIRO_STATUS_SUCCESS)
            }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return status == Int32(CCAIRO_STATUS_SUCCESS) && !collector.bytes.isEmpty ? collector.bytes : nil
    }
}
