import Foundation
import RulebookCore
@testable import RulebookPipeline
import Testing

/// The lowest iOS version an Xcode project supports, read from `project.pbxproj`.
struct DeploymentTargetTests {
    /// A project whose own settings say 16.0 and whose targets `appTarget` and
    /// `extensionTarget` set (or leave out) their own.
    static func pbxproj(app: String?, extension ext: String?) -> String {
        func configuration(_ id: String, _ version: String?) -> String {
            """
            \t\t\(id) /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tCLANG_ENABLE_MODULES = YES;
            \(version.map { "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = \($0);\n" } ?? "")\t\t\t\tSWIFT_VERSION = 5.0;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            """
        }
        return """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP0000000000000000000000A /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tbuildConfigurationList = L0000000000000000000000P /* Build configuration list for PBXProject */;
            \t\t};
            \t\tT0000000000000000000000A /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000000A /* Build configuration list for PBXNativeTarget "App" */;
            \t\t\tname = App;
            \t\t};
            \t\tT0000000000000000000000E /* Extension */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000000E;
            \t\t\tname = Extension;
            \t\t};
            \(configuration("C0000000000000000000000P", "16.0"))
            \(configuration("C0000000000000000000000A", app))
            \(configuration("C0000000000000000000000E", ext))
            \t\tL0000000000000000000000P /* Build configuration list for PBXProject */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000000P /* Debug */,
            \t\t\t);
            \t\t};
            \t\tL0000000000000000000000A = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000000A /* Debug */,
            \t\t\t);
            \t\t};
            \t\tL0000000000000000000000E = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tC0000000000000000000000E /* Debug */,
            \t\t\t);
            \t\t};
            \t};
            }
            """
    }

    @Test func eachTargetsOwnSettingWinsOverTheProjects() {
        #expect(DeploymentTarget.minimumIOSVersion(pbxproj: Self.pbxproj(app: "26.0", extension: "26.1")) == "26.0")
        #expect(DeploymentTarget.minimumIOSVersion(pbxproj: Self.pbxproj(app: "26.0", extension: "9.3")) == "9.3")
    }

    @Test func aTargetWithoutItsOwnSettingHasTheProjects() {
        #expect(DeploymentTarget.minimumIOSVersion(pbxproj: Self.pbxproj(app: "26.0", extension: nil)) == "16.0")
    }

    @Test func versionsCompareNumerically() {
        #expect(ProjectContext.isLowerVersion("9.3", "16.0"))
        #expect(ProjectContext.isLowerVersion("16", "16.4"))
        #expect(!ProjectContext.isLowerVersion("26.0", "26"))
        #expect(!ProjectContext.isLowerVersion("26.1", "26.0"))
    }

    @Test func theScannerTellsEverySpecTheProjectsLowestTarget() throws {
        let root = try SpecScannerTests.folder(with: [
            "App.xcodeproj/project.pbxproj": Self.pbxproj(app: "26.0", extension: "26.0"),
            "App/CardView.swift": "import SwiftUI\nstruct CardView: View { var body: some View { Text(\"x\").glassEffect() } }",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let specs = try SpecScanner(root: root).specs(in: [root])
        #expect(specs.map { $0.project?.minimumIOSVersion } == ["26.0"])
    }
}
