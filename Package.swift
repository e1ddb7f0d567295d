// swift-tools-version: 6.0
import PackageDescription

/// The package has no dependencies: only the Swift toolchain.
///
/// Internal invariant checks are compiled in with `-Xswiftc -DFLOWLAYOUT_INTERNAL_CHECKS`
/// (see `.ci/run`); without the flag they compile to nothing.
///
/// On Apple platforms: the drop-in (`FlowLayoutUIKit`) is compiled against the
/// real UIKit where UIKit has collection views (iOS and Mac Catalyst; tvOS and
/// visionOS are untried), and empty elsewhere (macOS, watchOS, Linux). The test-only surface (`UIKitSurface`, and the
/// drop-in's copy on it, `FlowLayoutUIKitOnSurface`) is a module of its own that
/// never imports UIKit, so it compiles, and its tests run, beside the real UIKit
/// too; no source file imports both. `FlowLayoutUIKitAppleTests` drives the real
/// drop-in in a real `UICollectionView`, and compiles to nothing without UIKit.
/// `.github/workflows/apple.yml` runs all of it on macOS and the iOS Simulator.
///
/// xcodebuild cannot build an executable target for iOS (it has no product
/// type for a command-line tool there), and the package scheme builds every
/// target: see the end of this file for `FLOWLAYOUT_LIBRARIES_ONLY`.
let package = Package(
    name: "FlowLayout",
    // The core's 128-bit sums (`UInt128`) need the Swift 6.0 runtime: macOS 15,
    // iOS 18 and their contemporaries. Linux ignores this.
    platforms: [.macOS(.v15), .iOS(.v18), .macCatalyst(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    // What a host uses. The eager reference layout, the test support and the
    // fuzz harness are targets the package builds and tests, not products.
    products: [
        .library(name: "FlowLayoutCore", targets: ["FlowLayoutCore"]),
        .library(name: "FlowLayout", targets: ["FlowLayout"]),
        .library(name: "FlowLayoutDescription", targets: ["FlowLayoutDescription"]),
        .library(name: "FlowLayoutHosting", targets: ["FlowLayoutHosting"]),
        .library(name: "FlowLayoutUIKit", targets: ["FlowLayoutUIKit"]),
        .executable(name: "flow-demo", targets: ["FlowDemo"]),
    ],
    targets: [
        // Pure, synchronous layout math: value types, no Foundation, no concurrency.
        .target(name: "FlowLayoutCore"),
        // The actor façade over the core.
        .target(name: "FlowLayout", dependencies: ["FlowLayoutCore"]),
        // UICollectionViewLayout's override points over the core, without UIKit:
        // the adapter a UIKit subclass forwards to.
        .target(name: "FlowLayoutHosting", dependencies: ["FlowLayout"]),
        // The drop-in `UICollectionViewFlowLayout` replacement: two files (the
        // layout, and what it asks the delegate), compiled where UIKit exists
        // (empty elsewhere).
        .target(name: "FlowLayoutUIKit", dependencies: ["FlowLayoutHosting"]),
        // Test-only: the iOS SDK's declarations the drop-in uses, as the SDK
        // declares them (`uikit-surface.md`), so that it compiles on Linux.
        .target(name: "UIKitSurface", path: "Tests/UIKitSurface"),
        // Test-only: the drop-in's source files (symlinks to them, unchanged),
        // compiled against the surface.
        .target(
            name: "FlowLayoutUIKitOnSurface",
            dependencies: ["FlowLayoutHosting", "UIKitSurface"],
            path: "Tests/FlowLayoutUIKitOnSurface",
            swiftSettings: [.define("FLOWLAYOUT_UIKIT_SURFACE")]
        ),
        // The eager reference layout: the oracle for tests and the baseline for benchmarks;
        // and the seeded generator both draw their workloads from.
        .target(name: "FlowLayoutReference", dependencies: ["FlowLayoutCore"]),
        // JSON layout descriptions: parsing with field-path errors, and output encoding.
        .target(name: "FlowLayoutDescription", dependencies: ["FlowLayoutCore"]),
        .executableTarget(
            name: "FlowDemo",
            dependencies: ["FlowLayout", "FlowLayoutDescription", "FlowLayoutReference", "FlowLayoutHosting"],
            path: "Demo",
            // Async code runs where its caller runs: the demo chooses its executor
            // once, in main.swift, and `bench --synchronous` stays on one thread.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(
            name: "FlowLayoutTestSupport",
            dependencies: ["FlowLayoutCore", "FlowLayoutReference", "FlowLayoutDescription"],
            path: "Tests/FlowLayoutTestSupport"
        ),
        // The fuzz harness: layout descriptions, and binary programs of size
        // reports, viewport and visible-rect changes, batch updates (valid and
        // invalid) and queries, checked against the reference model. A library,
        // so that every build type-checks it and the tests run its corpus.
        .target(
            name: "FlowLayoutFuzz",
            dependencies: ["FlowLayoutCore", "FlowLayoutDescription", "FlowLayoutReference", "FlowLayoutTestSupport"],
            path: "Fuzz/FlowLayoutFuzz"
        ),
        // libFuzzer's entry point over the harness, with no main of its own:
        // `Scripts/fuzz.sh` builds it with `swift build --sanitize=fuzzer`, which
        // links libFuzzer's main. Not a product: nothing outside the package
        // needs it, and no setting of it is unsafe.
        .executableTarget(name: "FlowLayoutFuzzer", dependencies: ["FlowLayoutFuzz"], path: "Fuzz/FlowLayoutFuzzer"),
        .testTarget(
            name: "FlowLayoutCoreTests",
            dependencies: ["FlowLayoutCore", "FlowLayoutReference", "FlowLayoutTestSupport"]
        ),
        // The host adapter, driven by a simulated collection view in UIKit's call order.
        .testTarget(
            name: "FlowLayoutHostingTests",
            dependencies: ["FlowLayoutHosting", "FlowLayoutReference", "FlowLayoutTestSupport"]
        ),
        // The drop-in, driven on the surface by a simulated collection view in
        // UIKit's call order; and the surface's signatures, pinned.
        .testTarget(
            name: "FlowLayoutUIKitTests",
            dependencies: ["FlowLayoutUIKitOnSurface", "UIKitSurface", "FlowLayoutHosting", "FlowLayoutReference", "FlowLayoutTestSupport"]
        ),
        .testTarget(
            name: "FlowLayoutTests",
            dependencies: [
                "FlowLayout", "FlowLayoutDescription", "FlowLayoutHosting", "FlowLayoutReference", "FlowLayoutTestSupport",
                "FlowLayoutUIKitOnSurface", "UIKitSurface",
            ]
        ),
        // The streaming description reader against the tree decoder it replaced.
        .testTarget(
            name: "FlowLayoutDescriptionTests",
            dependencies: ["FlowLayoutCore", "FlowLayoutDescription", "FlowLayoutReference"]
        ),
        // The fuzz harness over its seed corpus and seeded random inputs, and its
        // batch builder and validity oracle.
        .testTarget(
            name: "FlowLayoutFuzzTests",
            dependencies: ["FlowLayoutCore", "FlowLayoutReference", "FlowLayoutFuzz"]
        ),
        // Runs the built `flow-demo` binary: golden outputs and every error path.
        .testTarget(
            name: "FlowDemoTests",
            dependencies: ["FlowDemo"],
            resources: [.copy("Golden")]
        ),
        // The real drop-in in a real `UICollectionView` in a window: self-sizing
        // cells, a batch update, a diffable data source, interactive reordering.
        // Where UIKit exists; elsewhere its files compile to nothing.
        .testTarget(
            name: "FlowLayoutUIKitAppleTests",
            dependencies: ["FlowLayoutUIKit"]
        ),
    ]
)

// With FLOWLAYOUT_LIBRARIES_ONLY=1 in the environment (the iOS Simulator job of
// .github/workflows/apple.yml), the package is its libraries and their tests:
// no `flow-demo`, no fuzzer executable, no tests that run `flow-demo`. Unset,
// as everywhere else, nothing changes.
if Context.environment["FLOWLAYOUT_LIBRARIES_ONLY"] == "1" {
    let executables: Set = ["FlowDemo", "FlowLayoutFuzzer", "FlowDemoTests"]
    package.targets.removeAll { executables.contains($0.name) }
    package.products.removeAll { $0.name == "flow-demo" }
}
