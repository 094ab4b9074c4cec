#if canImport(Glibc)
import Glibc

/// glibc's `malloc_trim`, which its Swift module does not export.
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32
#endif

/// Memory the process freed, given back to the system. glibc keeps what a large call freed
/// in its per-thread arenas, so a long-lived server stays at its peak for the rest of its
/// life (figures in BENCHMARKS.md); elsewhere the allocator returns it by itself.
enum FreedMemory {
    static func returnToSystem() {
        #if canImport(Glibc)
        _ = malloc_trim(0)
        #endif
    }
}
