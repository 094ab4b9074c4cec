import RulebookPipeline
import Testing

/// The cache goes where the XDG Base Directory specification puts a user's caches.
struct CacheLocationTests {
    @Test func xdgCacheHomeComesFirst() {
        #expect(CacheLocation.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/rulebook")
    }

    @Test func elseTheHomeFoldersCache() {
        #expect(CacheLocation.defaultFolder(environment: ["HOME": "/home/u"]) == "/home/u/.cache/rulebook")
        #expect(CacheLocation.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/rulebook")
    }

    @Test func noHomeNoCache() {
        #expect(CacheLocation.defaultFolder(environment: [:]) == nil)
        #expect(CacheLocation.defaultFolder(environment: ["HOME": ""]) == nil)
    }
}
