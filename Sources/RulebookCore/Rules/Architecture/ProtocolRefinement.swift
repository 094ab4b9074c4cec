extension FeatureModel {
    /// Whether `type` conforms to `name` directly or through protocols declared in the spec
    /// that refine it (`enum CheckoutError: AppError` with `protocol AppError: LocalizedError`).
    func inherits(_ type: TypeDecl, from name: String) -> Bool {
        var visited: Set<String> = []
        var pending = [type]
        while let current = pending.popLast() {
            if current.conforms(to: name) { return true }
            for conformance in current.conformances {
                let base = TypeName.unqualified(TypeName.base(conformance))
                guard visited.insert(base).inserted else { continue }
                pending += types.filter { $0.kind == .protocol && $0.name == base }
            }
        }
        return false
    }
}
