import CMicroHTTPD
import Dispatch
@testable import HTTPServer
import Synchronization
import Testing

/// A prepared response (a cached page, a redirect) is built once per form and then only queued again: the first
/// sends, racing on both worker threads, build each form once, and every later send gets that same handle.
@Suite struct PreparedResponseTests {
    @Test func eachFormIsBuiltOnceWhenManyThreadsSendItFirstAtOnce() {
        let prepared = PreparedResponse(isCompressible: true)
        let makes = Atomic<Int>(0)
        let handles = Mutex<[Bool: Set<UInt>]>([:])
        DispatchQueue.concurrentPerform(iterations: 200) { n in
            let gzip = n % 2 == 0
            let built = prepared.built(gzip: gzip) {
                makes.add(1, ordering: .relaxed)
                return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT).map {
                    PreparedResponse.Built(pointer: $0, bodyBytes: gzip ? 10 : 20)
                }
            }
            guard let built else { Issue.record("not built"); return }
            #expect(built.bodyBytes == (gzip ? 10 : 20))
            let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(built.pointer)))
            handles.withLock { _ = $0[gzip, default: []].insert(address) }
        }
        #expect(makes.load(ordering: .relaxed) == 2)
        #expect(handles.withLock { $0.mapValues(\.count) } == [false: 1, true: 1])
    }

    @Test func aFormThatFailsToBuildIsTriedAgainOnTheNextSend() {
        let prepared = PreparedResponse(isCompressible: false)
        #expect(prepared.built(gzip: false) { nil } == nil)
        let built = prepared.built(gzip: false) {
            MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT).map {
                PreparedResponse.Built(pointer: $0, bodyBytes: 0)
            }
        }
        #expect(built != nil)
        #expect(prepared.built(gzip: false) { Issue.record("built twice"); return nil }?.pointer == built?.pointer)
    }
}
