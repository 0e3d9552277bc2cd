import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// The checkstyle and GitLab reports of the Voyage copy with the seed's two violations, read as
/// their consumers read them.
@Suite(.tags(.large)) struct CodeQualityEndToEndTests {
    let package: String

    init() throws {
        package = try CheckEndToEndTests.voyageCopy()
        try CheckEndToEndTests.addTheSeedsViolations(to: package)
    }

    func removeCopy() {
        try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent)
    }

    func report(_ format: String, file: String) throws -> String {
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "-f", format, "-o", file], in: package)
        #expect(run.status == 1)
        return package + "/" + file
    }

    func python(_ script: String, _ arguments: [String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run(["python3", "-c", script] + arguments)
    }

    @Test(.requires(.jsonschema)) func gitlabValidatesAgainstTheCodeQualitySchema() throws {
        defer { removeCopy() }
        let report = try report("gitlab", file: "gl-code-quality-report.json")
        let schema = Fixtures.path("Schemas/gitlab-code-quality.schema.json")
        let script = """
        import json, sys, jsonschema
        issues = json.load(open(sys.argv[1]))
        jsonschema.validate(issues, json.load(open(sys.argv[2])))
        for issue in issues:
            print(issue["check_name"], issue["severity"], issue["location"]["path"], issue["location"]["lines"]["begin"])
        """
        let validation = try python(script, [report, schema])
        #expect(validation.status == 0, "\(validation.standardErrorText)")
        #expect(String(decoding: validation.standardOutput, as: UTF8.self) == """
        layer-dependency major Package.swift 64
        layer-dependency major Sources/Features/SearchFeature/SearchViewModel.swift 3

        """)
    }

    /// GitLab tells new findings from old ones by fingerprint: moving a finding down a line must
    /// not make it new.
    @Test func gitlabFingerprintsSurviveALineMove() throws {
        defer { removeCopy() }
        func issues() throws -> [[String: Any]] {
            let data = try Data(contentsOf: URL(fileURLWithPath: try report("gitlab", file: "report.json")))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        }
        let before = try issues()
        let source = package + "/Sources/Features/SearchFeature/SearchViewModel.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try ("// moved down\n\n" + text).write(toFile: source, atomically: true, encoding: .utf8)
        let after = try issues()
        #expect(before.map { $0["fingerprint"] as? String } == after.map { $0["fingerprint"] as? String })
        #expect(Set(before.compactMap { $0["fingerprint"] as? String }).count == 2)
        let lines = { (issues: [[String: Any]]) in issues.map { (($0["location"] as? [String: Any])?["lines"] as? [String: Int])?["begin"] } }
        #expect(lines(before) == [64, 3])
        #expect(lines(after) == [64, 5])
    }

    /// Read the way Jenkins' warnings-ng checkstyle parser reads it: `checkstyle/file@name`, then
    /// each `error` with line, column, severity, message and source.
    @Test func checkstyleIsReadAsJenkinsReadsIt() throws {
        defer { removeCopy() }
        let report = try report("checkstyle", file: "checkstyle.xml")
        let script = """
        import sys
        import xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        assert root.tag == "checkstyle" and root.get("version"), root.tag
        for file in root.findall("file"):
            for error in file.findall("error"):
                assert error.get("severity") in ("error", "warning", "info", "ignore")
                print(file.get("name"), error.get("line"), error.get("column"), error.get("severity"), error.get("source"), error.get("message").splitlines()[0])
        """
        let read = try python(script, [report])
        #expect(read.status == 0, "\(read.standardErrorText)")
        let lines = String(decoding: read.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Package.swift 64 ") == true)
        #expect(lines.last?.hasPrefix("Sources/Features/SearchFeature/SearchViewModel.swift 3 8 error bulkhead.layer-dependency SearchFeature") == true)
    }
}
