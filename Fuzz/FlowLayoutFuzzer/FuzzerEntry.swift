// libFuzzer's entry point into the fuzz harness (`FlowLayoutFuzz`), and the
// only file of the `FlowLayoutFuzzer` executable.
//
// The file has no `main` of its own: built as `Scripts/fuzz.sh` builds it
// (`swift build --sanitize=fuzzer`), SwiftPM compiles it as a library file and
// links libFuzzer, whose `main` runs the inputs through the function below. A
// plain `swift build` compiles it as a main file with no statements: a binary
// that does nothing, built only so that every build type-checks the target.
import FlowLayoutFuzz

/// Runs one input through ``FuzzHarness/run(_:)``; a disagreement with the
/// reference traps, which libFuzzer reports as a crash with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}
