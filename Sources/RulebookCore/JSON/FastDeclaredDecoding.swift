/// Fast-path decoding of declared specs: the same values `JSONDecoder` builds, and a
/// failure wherever ``DeclaredSpecDecoder`` would report an error (an unknown non-null key
/// included), so the Foundation path can name it.
enum FastDeclaredDecoding {
    static func spec(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredSpec {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.spec)
        return DeclaredSpec(
            feature: try reader.string("feature"), dialect: try reader.optionalEnumeration("dialect"),
            file: try reader.optionalString("file"), state: try reader.optional("state").map(type),
            action: try reader.optional("action").map(type), environment: try reader.optional("environment").map(type),
            types: try reader.optionalObjects("types", type), reducers: try reader.optionalObjects("reducers", reducer),
            views: try reader.optionalObjects("views", view), files: try reader.optionalObjects("files", file))
    }

    static func type(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredType {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.type)
        return DeclaredType(
            name: try reader.string("name"), qualifiedName: try reader.optionalString("qualifiedName"),
            kind: try reader.optionalEnumeration("kind"), conformances: try reader.optionalStrings("conformances"),
            attributes: try reader.optionalStrings("attributes"), accessLevel: try reader.optionalString("accessLevel"),
            properties: try reader.optionalObjects("properties", property), methods: try reader.optionalObjects("methods", method),
            cases: try reader.optionalObjects("cases", enumCase))
    }

    static func property(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredProperty {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.property)
        return DeclaredProperty(
            name: try reader.string("name"), type: try reader.optionalString("type"), wrappers: try reader.optionalStrings("wrappers"),
            static: try reader.optionalBool("static"), computed: try reader.optionalBool("computed"),
            dependencyKey: try reader.optionalString("dependencyKey"), usesMainScheduler: try reader.optionalBool("usesMainScheduler"))
    }

    static func method(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredMethod {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.method)
        return DeclaredMethod(
            name: try reader.string("name"), static: try reader.optionalBool("static"),
            takesInout: try reader.optionalBool("takesInout"), usesMainScheduler: try reader.optionalBool("usesMainScheduler"))
    }

    static func enumCase(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredCase {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.enumCase)
        return DeclaredCase(name: try reader.string("name"), associatedValues: try reader.optionalObjects("associatedValues", associatedValue))
    }

    static func associatedValue(_ value: JSONValue) throws(FastPathUnavailable) -> AssociatedValue {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.associatedValue)
        return AssociatedValue(label: try reader.optionalString("label"), type: try reader.string("type"))
    }

    static func reducer(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredReducer {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.reducer)
        return DeclaredReducer(
            owner: try reader.optionalString("owner"), switches: try reader.optionalObjects("switches", actionSwitch),
            sites: try reader.optionalObjects("sites", site), dependencies: try reader.optionalObjects("dependencies", property),
            actionType: try reader.optionalString("actionType"))
    }

    static func actionSwitch(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredSwitch {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.actionSwitch)
        return DeclaredSwitch(
            handledCases: try reader.strings("handledCases"), hasDefault: try reader.optionalBool("hasDefault"),
            hasCatchAll: try reader.optionalBool("hasCatchAll"))
    }

    static func site(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredCodeSite {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.site)
        return DeclaredCodeSite(
            path: try reader.string("path"), kind: try reader.optionalEnumeration("kind"),
            insideEffect: try reader.optionalBool("insideEffect"), statement: try reader.optionalBool("statement"),
            arguments: try reader.optionalStrings("arguments"), parent: try reader.optionalInt("parent"))
    }

    static func view(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredView {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.view)
        return DeclaredView(
            name: try reader.string("name"), holdsStore: try reader.optionalBool("holdsStore"),
            observesViewStore: try reader.optionalBool("observesViewStore"), forwardsStore: try reader.optionalBool("forwardsStore"),
            animationModifiers: try reader.optionalObjects("animationModifiers", animationModifier))
    }

    static func animationModifier(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredAnimationModifier {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.animationModifier)
        return DeclaredAnimationModifier(
            modifier: try reader.string("modifier"), argument: try reader.string("argument"), readsStore: try reader.bool("readsStore"))
    }

    static func file(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredFile {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.file)
        return DeclaredFile(
            path: try reader.string("path"), imports: try reader.optionalStrings("imports"), types: try reader.optionalStrings("types"),
            typeReferences: try reader.optionalStrings("typeReferences"), glassUses: try reader.optionalObjects("glassUses", glassUse))
    }

    static func glassUse(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredGlassUse {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(Keys.glassUse)
        return DeclaredGlassUse(api: try reader.string("api"), guarded: try reader.bool("guarded"))
    }

    /// The members each object may hold, built once (the decoders run per spec).
    private enum Keys {
        static let spec: [String] = ["feature", "dialect", "file", "state", "action", "environment", "types", "reducers", "views", "files"]
        static let type: [String] = ["name", "qualifiedName", "kind", "conformances", "attributes", "accessLevel", "properties", "methods", "cases"]
        static let property: [String] = ["name", "type", "wrappers", "static", "computed", "dependencyKey", "usesMainScheduler"]
        static let method: [String] = ["name", "static", "takesInout", "usesMainScheduler"]
        static let enumCase: [String] = ["name", "associatedValues"]
        static let associatedValue: [String] = ["label", "type"]
        static let reducer: [String] = ["owner", "switches", "sites", "dependencies", "actionType"]
        static let actionSwitch: [String] = ["handledCases", "hasDefault", "hasCatchAll"]
        static let site: [String] = ["path", "kind", "insideEffect", "statement", "arguments", "parent"]
        static let view: [String] = ["name", "holdsStore", "observesViewStore", "forwardsStore", "animationModifiers"]
        static let animationModifier: [String] = ["modifier", "argument", "readsStore"]
        static let file: [String] = ["path", "imports", "types", "typeReferences", "glassUses"]
        static let glassUse: [String] = ["api", "guarded"]
    }
}
