import RulebookCore
import RulebookSwiftSource
import Testing

/// The iOS versions build manifests set, which `glass-without-availability` reads as the
/// project's lowest target (the Xcode projects' own are `DeploymentTargetTests`').
struct ManifestDeploymentTargetTests {
    /// SwiftPM's `platforms:`, Tuist 4's `deploymentTargets:` and Tuist 3's `deploymentTarget:`.
    @Test(arguments: [
        ("import PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v26)])", "26"),
        ("import ProjectDescription\nlet project = Project(name: \"App\", targets: [.target(name: \"App\", deploymentTargets: .iOS(\"26.0\"))])", "26.0"),
        ("import ProjectDescription\nlet target = Target(name: \"App\", deploymentTarget: .iOS(targetVersion: \"26.0\", devices: [.iphone]))", "26.0"),
    ])
    func manifestsSayTheirTargets(manifest: String, version: String) {
        #expect(FileIndexer.index(contents: manifest).iOSVersions == [version])
    }

    /// An app's own call named `iOS` with other arguments is no deployment target.
    @Test func otherCallsNamedIOSAreNot() {
        #expect(FileIndexer.index(contents: "let x = Platform.pick(.iOS(name: \"phone\", size: 2))").iOSVersions.isEmpty)
    }
}
