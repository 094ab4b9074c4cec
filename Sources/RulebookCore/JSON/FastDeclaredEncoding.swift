/// Fast-path encoding of declared specs, byte for byte what `JSONEncoder` writes for them
/// with sorted keys (members listed here in that order).
extension JSONWriter {
    mutating func write(_ spec: DeclaredSpec) {
        object { w in
            if let action = spec.action { w.key("action"); w.write(action) }
            w.member("dialect", spec.dialect?.rawValue)
            if let environment = spec.environment { w.key("environment"); w.write(environment) }
            w.member("feature", spec.feature)
            w.member("file", spec.file)
            if let files = spec.files { w.key("files"); w.array(files) { $0.write($1) } }
            if let reducers = spec.reducers { w.key("reducers"); w.array(reducers) { $0.write($1) } }
            if let state = spec.state { w.key("state"); w.write(state) }
            if let types = spec.types { w.key("types"); w.array(types) { $0.write($1) } }
            if let views = spec.views { w.key("views"); w.array(views) { $0.write($1) } }
        }
    }

    mutating func write(_ type: DeclaredType) {
        object { w in
            w.member("accessLevel", type.accessLevel)
            w.member("attributes", type.attributes)
            if let cases = type.cases { w.key("cases"); w.array(cases) { $0.write($1) } }
            w.member("conformances", type.conformances)
            w.member("kind", type.kind?.rawValue)
            if let methods = type.methods { w.key("methods"); w.array(methods) { $0.write($1) } }
            w.member("name", type.name)
            if let properties = type.properties { w.key("properties"); w.array(properties) { $0.write($1) } }
            w.member("qualifiedName", type.qualifiedName)
        }
    }

    mutating func write(_ property: DeclaredProperty) {
        object { w in
            w.member("computed", property.computed)
            w.member("dependencyKey", property.dependencyKey)
            w.member("name", property.name)
            w.member("static", property.static)
            w.member("type", property.type)
            w.member("usesMainScheduler", property.usesMainScheduler)
            w.member("wrappers", property.wrappers)
        }
    }

    mutating func write(_ method: DeclaredMethod) {
        object { w in
            w.member("name", method.name)
            w.member("static", method.static)
            w.member("takesInout", method.takesInout)
            w.member("usesMainScheduler", method.usesMainScheduler)
        }
    }

    mutating func write(_ enumCase: DeclaredCase) {
        object { w in
            if let values = enumCase.associatedValues {
                w.key("associatedValues")
                w.array(values) { writer, value in
                    writer.object { w in
                        w.member("label", value.label)
                        w.member("type", value.type)
                    }
                }
            }
            w.member("name", enumCase.name)
        }
    }

    mutating func write(_ reducer: DeclaredReducer) {
        object { w in
            w.member("actionType", reducer.actionType)
            if let dependencies = reducer.dependencies { w.key("dependencies"); w.array(dependencies) { $0.write($1) } }
            w.member("owner", reducer.owner)
            if let sites = reducer.sites { w.key("sites"); w.array(sites) { $0.write($1) } }
            if let switches = reducer.switches {
                w.key("switches")
                w.array(switches) { writer, actionSwitch in
                    writer.object { w in
                        w.member("handledCases", actionSwitch.handledCases)
                        w.member("hasCatchAll", actionSwitch.hasCatchAll)
                        w.member("hasDefault", actionSwitch.hasDefault)
                    }
                }
            }
        }
    }

    mutating func write(_ site: DeclaredCodeSite) {
        object { w in
            w.member("arguments", site.arguments)
            w.member("insideEffect", site.insideEffect)
            w.member("kind", site.kind?.rawValue)
            w.member("parent", site.parent)
            w.member("path", site.path)
            w.member("statement", site.statement)
        }
    }

    mutating func write(_ view: DeclaredView) {
        object { w in
            if let modifiers = view.animationModifiers {
                w.key("animationModifiers")
                w.array(modifiers) { writer, modifier in
                    writer.object { w in
                        w.member("argument", modifier.argument)
                        w.member("modifier", modifier.modifier)
                        w.member("readsStore", modifier.readsStore)
                    }
                }
            }
            w.member("forwardsStore", view.forwardsStore)
            w.member("holdsStore", view.holdsStore)
            w.member("name", view.name)
            w.member("observesViewStore", view.observesViewStore)
        }
    }

    mutating func write(_ file: DeclaredFile) {
        object { w in
            if let uses = file.glassUses {
                w.key("glassUses")
                w.array(uses) { writer, use in
                    writer.object { w in
                        w.member("api", use.api)
                        w.member("guarded", use.guarded)
                    }
                }
            }
            w.member("imports", file.imports)
            w.member("path", file.path)
            w.member("typeReferences", file.typeReferences)
            w.member("types", file.types)
        }
    }
}
