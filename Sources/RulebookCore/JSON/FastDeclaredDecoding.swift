/// Fast-path decoding of declared specs: the same values `JSONDecoder` builds, and a
/// failure wherever ``DeclaredSpecDecoder`` would report an error (an unknown non-null key
/// included), so the Foundation path can name it.
enum FastDeclaredDecoding {
    static func spec(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredSpec {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["feature", "dialect", "file", "state", "action", "environment", "types", "reducers", "views", "files"])
        return DeclaredSpec(
            feature: try reader.string("feature"), dialect: try reader.optionalEnumeration("dialect"),
            file: try reader.optionalString("file"), state: try reader.optional("state").map(type),
            action: try reader.optional("action").map(type), environment: try reader.optional("environment").map(type),
            types: try reader.optionalObjects("types", type), reducers: try reader.optionalObjects("reducers", reducer),
            views: try reader.optionalObjects("views", view), files: try reader.optionalObjects("files", file))
    }

    static func type(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredType {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["name", "qualifiedName", "kind", "conformances", "attributes", "accessLevel", "properties", "methods", "cases"])
        return DeclaredType(
            name: try reader.string("name"), qualifiedName: try reader.optionalString("qualifiedName"),
            kind: try reader.optionalEnumeration("kind"), conformances: try reader.optionalStrings("conformances"),
            attributes: try reader.optionalStrings("attributes"), accessLevel: try reader.optionalString("accessLevel"),
            properties: try reader.optionalObjects("properties", property), methods: try reader.optionalObjects("methods", method),
            cases: try reader.optionalObjects("cases", enumCase))
    }

    static func property(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredProperty {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["name", "type", "wrappers", "static", "computed", "dependencyKey", "usesMainScheduler"])
        return DeclaredProperty(
            name: try reader.string("name"), type: try reader.optionalString("type"), wrappers: try reader.optionalStrings("wrappers"),
            static: try reader.optionalBool("static"), computed: try reader.optionalBool("computed"),
            dependencyKey: try reader.optionalString("dependencyKey"), usesMainScheduler: try reader.optionalBool("usesMainScheduler"))
    }

    static func method(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredMethod {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["name", "static", "takesInout", "usesMainScheduler"])
        return DeclaredMethod(
            name: try reader.string("name"), static: try reader.optionalBool("static"),
            takesInout: try reader.optionalBool("takesInout"), usesMainScheduler: try reader.optionalBool("usesMainScheduler"))
    }

    static func enumCase(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredCase {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["name", "associatedValues"])
        return DeclaredCase(name: try reader.string("name"), associatedValues: try reader.optionalObjects("associatedValues", associatedValue))
    }

    static func associatedValue(_ value: JSONValue) throws(FastPathUnavailable) -> AssociatedValue {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["label", "type"])
        return AssociatedValue(label: try reader.optionalString("label"), type: try reader.string("type"))
    }

    static func reducer(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredReducer {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["owner", "switches", "sites", "dependencies", "actionType"])
        return DeclaredReducer(
            owner: try reader.optionalString("owner"), switches: try reader.optionalObjects("switches", actionSwitch),
            sites: try reader.optionalObjects("sites", site), dependencies: try reader.optionalObjects("dependencies", property),
            actionType: try reader.optionalString("actionType"))
    }

    static func actionSwitch(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredSwitch {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["handledCases", "hasDefault", "hasCatchAll"])
        return DeclaredSwitch(
            handledCases: try reader.strings("handledCases"), hasDefault: try reader.optionalBool("hasDefault"),
            hasCatchAll: try reader.optionalBool("hasCatchAll"))
    }

    static func site(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredCodeSite {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["path", "kind", "insideEffect", "statement", "arguments", "parent"])
        return DeclaredCodeSite(
            path: try reader.string("path"), kind: try reader.optionalEnumeration("kind"),
            insideEffect: try reader.optionalBool("insideEffect"), statement: try reader.optionalBool("statement"),
            arguments: try reader.optionalStrings("arguments"), parent: try reader.optionalInt("parent"))
    }

    static func view(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredView {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["name", "holdsStore", "observesViewStore", "forwardsStore", "animationModifiers"])
        return DeclaredView(
            name: try reader.string("name"), holdsStore: try reader.optionalBool("holdsStore"),
            observesViewStore: try reader.optionalBool("observesViewStore"), forwardsStore: try reader.optionalBool("forwardsStore"),
            animationModifiers: try reader.optionalObjects("animationModifiers", animationModifier))
    }

    static func animationModifier(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredAnimationModifier {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["modifier", "argument", "readsStore"])
        return DeclaredAnimationModifier(
            modifier: try reader.string("modifier"), argument: try reader.string("argument"), readsStore: try reader.bool("readsStore"))
    }

    static func file(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredFile {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["path", "imports", "types", "typeReferences", "glassUses"])
        return DeclaredFile(
            path: try reader.string("path"), imports: try reader.optionalStrings("imports"), types: try reader.optionalStrings("types"),
            typeReferences: try reader.optionalStrings("typeReferences"), glassUses: try reader.optionalObjects("glassUses", glassUse))
    }

    static func glassUse(_ value: JSONValue) throws(FastPathUnavailable) -> DeclaredGlassUse {
        let reader = try JSONObjectReader(value)
        try reader.allowOnly(["api", "guarded"])
        return DeclaredGlassUse(api: try reader.string("api"), guarded: try reader.bool("guarded"))
    }
}
