import FlowLayoutCore
import Testing

@testable import FlowLayoutDescription

/// Every error the reader can report, with the text worked out by hand from the
/// format and the JSON grammar; each document also goes through the oracle and
/// every chunk size, which must agree.
@Suite("description errors")
struct ErrorMessageTests {
    static let minimal = #"{"viewport": {"width": 1, "height": 1}, "sections": []}"#

    /// `document` is refused with exactly `message`, by the reader whole and in
    /// chunks and by the oracle.
    func expectError(_ document: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = DecodingHarness.expectAgreement(document, sourceLocation: sourceLocation)
        #expect(outcome == "error " + message, sourceLocation: sourceLocation)
    }

    @Test(
        "syntax errors name the line and column of the first one",
        arguments: [
            ("", "1, column 1: unexpected end of input, expected a value"),
            ("   \n ", "2, column 2: unexpected end of input, expected a value"),
            ("{", "1, column 2: expected a member name in quotes"),
            ("{,}", "1, column 2: expected a member name in quotes"),
            (#"{"viewport" 1}"#, "1, column 13: expected ':' after member name"),
            (#"{"viewport": {"width": 1 "height": 1}}"#, "1, column 26: expected ',' or '}' in an object"),
            (#"{"sections": [{"itemCount": 1} {}]}"#, "1, column 32: expected ',' or ']' in an array"),
            (#"{"sections": [1,]}"#, "1, column 17: unexpected character ']'"),
            ("x", "1, column 1: unexpected character 'x'"),
            ("tru", "1, column 4: expected 'true'"),
            ("fals ", "1, column 5: expected 'false'"),
            ("nulx", "1, column 4: expected 'null'"),
            (#""abc"#, "1, column 5: unterminated string"),
            ("\"a\u{01}\"", "1, column 3: control character in a string"),
            ("\"a\nb\"", "1, column 3: control character in a string"),
            (#""\"#, "1, column 3: unterminated escape"),
            (#""\x""#, "1, column 4: invalid escape"),
            (#""\u12"#, #"1, column 6: unterminated \u escape"#),
            (#""\u12g4""#, #"1, column 6: invalid \u escape"#),
            (#""\ud800""#, #"1, column 8: unpaired surrogate in \u escape"#),
            (#""\ud800\"#, #"1, column 8: unpaired surrogate in \u escape"#),
            (#""\ud800\u0041""#, #"1, column 14: unpaired surrogate in \u escape"#),
            (#""\udc00""#, #"1, column 8: invalid \u escape"#),
            ("-", "1, column 2: expected digits in a number"),
            ("-x", "1, column 2: expected digits in a number"),
            ("012", "1, column 4: leading zero in a number"),
            ("-00", "1, column 4: leading zero in a number"),
            ("1.", "1, column 3: expected digits after '.'"),
            ("1.e5", "1, column 3: expected digits after '.'"),
            ("1e", "1, column 3: expected digits in an exponent"),
            ("1E+", "1, column 4: expected digits in an exponent"),
            (#"{"viewport": 1, "viewport": 2}"#, #"1, column 27: duplicate member "viewport""#),
            (#"{"viewport": 1, "v\u0069ewport": 2}"#, #"1, column 32: duplicate member "viewport""#),
            (#"{"foo": 1, "foo": 2}"#, #"1, column 17: duplicate member "foo""#),
            (#"{"foo": {"a": [{"b": 1, "b": 2}]}}"#, #"1, column 28: duplicate member "b""#),
            (#"{"viewport": {"width": 1, "height": 1, "width": 2}}"#, #"1, column 47: duplicate member "width""#),
            (String(repeating: "[", count: 65), "1, column 65: nesting deeper than 64 levels"),
            ("{\"foo\": " + String(repeating: "[", count: 64) + "]", "1, column 72: nesting deeper than 64 levels"),
            (minimal + " x", "1, column 57: unexpected text after the JSON document"),
            (minimal + "\n\n  {}", "3, column 3: unexpected text after the JSON document"),
            ("{\n  \"viewport\":\n    x}", "3, column 5: unexpected character 'x'"),
            ("{\"é€😀\": x}", "1, column 9: unexpected character 'x'"),
            ("{\"a\": Ã}", "1, column 7: unexpected character 'Ã'"),
        ])
    func syntax(document: String, message: String) {
        expectError(document, "invalid JSON at line " + message)
    }

    @Test("a syntax error anywhere outranks any problem with the content")
    func syntaxFirst() {
        expectError(
            #"{"viewport": {"width": -1, "height": 1}, "sections": [{"itemCount": 1}, {"itemCount": 01}]}"#,
            "invalid JSON at line 1, column 89: leading zero in a number")
        expectError(
            #"{"bogus": 1, "sections": [], "viewport": {"width": 1, "height": 1}} ]"#,
            "invalid JSON at line 1, column 69: unexpected text after the JSON document")
    }

    @Test(
        "problems with the content name the field path",
        arguments: [
            ("[]", "must be an object, not an array"),
            ("1", "must be an object, not a number"),
            (#""x""#, "must be an object, not a string"),
            ("null", "must be an object, not null"),
            ("false", "must be an object, not a boolean"),
            ("{}", "viewport: is required"),
            (#"{"viewport": {"width": 1, "height": 1}}"#, "sections: is required"),
            (#"{"viewport": [], "sections": []}"#, "viewport: must be an object, not an array"),
            (#"{"viewport": {"height": 1}, "sections": []}"#, "viewport.width: is required"),
            (#"{"viewport": {"width": 1}, "sections": []}"#, "viewport.height: is required"),
            (
                #"{"viewport": {"width": 1, "height": 1, "depth": 1}, "sections": []}"#,
                "viewport.depth: unknown field (expected one of: height, width)"
            ),
            (#"{"viewport": {"width": -1, "height": 1}, "sections": []}"#, "viewport.width: must be a finite number >= 0"),
            (#"{"viewport": {"width": 1, "height": -1e-300}, "sections": []}"#, "viewport.height: must be a finite number >= 0"),
            (#"{"viewport": {"width": 1e400, "height": 1}, "sections": []}"#, "viewport.width: must be a finite number >= 0"),
            (#"{"viewport": {"width": 2e15, "height": 1}, "sections": []}"#, "viewport.width: must be at most 1e15"),
            (#"{"viewport": {"width": 1.0000000000000002e15, "height": 1}, "sections": []}"#, "viewport.width: must be at most 1e15"),
            (
                #"{"viewport": {"width": "wide", "height": 1}, "sections": []}"#,
                "viewport.width: must be a finite number >= 0, not a string"
            ),
            (#"{"viewport": {"width": null, "height": 1}, "sections": []}"#, "viewport.width: must be a finite number >= 0, not null"),
            (#"{"viewport": {"width": 1, "height": {}}, "sections": []}"#, "viewport.height: must be a finite number >= 0, not an object"),
            (
                #"{"scrollDirection": "diagonal", "viewport": {"width": 1, "height": 1}, "sections": []}"#,
                #"scrollDirection: must be "vertical" or "horizontal""#
            ),
            (
                #"{"scrollDirection": 1, "viewport": {"width": 1, "height": 1}, "sections": []}"#,
                #"scrollDirection: must be "vertical" or "horizontal""#
            ),
            (
                #"{"scrollDirection": "Vertical", "viewport": {"width": 1, "height": 1}, "sections": []}"#,
                #"scrollDirection: must be "vertical" or "horizontal""#
            ),
            (
                #"{"viewports": {}, "viewport": {"width": 1, "height": 1}, "sections": []}"#,
                "viewports: unknown field (expected one of: layout, scrollDirection, sections, viewport, visibleRect)"
            ),
            (#"{"viewport": {"width": 1, "height": 1}, "layout": 5, "sections": []}"#, "layout: must be an object, not a number"),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"itemsize": {}}, "sections": []}"#,
                "layout.itemsize: unknown field (expected one of: \(layoutFieldList))"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"itemSize": {"width": 1}}, "sections": []}"#,
                "layout.itemSize.height: is required"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"estimatedItemSize": {"width": 1, "height": -2}}, "sections": []}"#,
                "layout.estimatedItemSize.height: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"minimumLineSpacing": -2}, "sections": []}"#,
                "layout.minimumLineSpacing: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"minimumInteritemSpacing": true}, "sections": []}"#,
                "layout.minimumInteritemSpacing: must be a finite number >= 0, not a boolean"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"sectionInset": {"top": -1}}, "sections": []}"#,
                "layout.sectionInset.top: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"sectionInset": []}, "sections": []}"#,
                "layout.sectionInset: must be an object, not an array"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"sectionInset": {"middle": 1}}, "sections": []}"#,
                "layout.sectionInset.middle: unknown field (expected one of: bottom, left, right, top)"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"headerReferenceSize": {"width": 1, "height": 3e15}}, "sections": []}"#,
                "layout.headerReferenceSize.height: must be at most 1e15"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"footerReferenceSize": null}, "sections": []}"#,
                "layout.footerReferenceSize: must be an object, not null"
            ),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": {}}"#, "sections: must be an array, not an object"),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": [3]}"#, "sections[0]: must be an object, not a number"),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": [{}]}"#, "sections[0]: needs itemCount or itemSizes"),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 2.5}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 2.0}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1e3}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": -1}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 2147483648}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 99999999999999999999999999}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": "3"}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemSizes": {}}]}"#,
                "sections[0].itemSizes: must be an array, not an object"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemSizes": [[]]}]}"#,
                "sections[0].itemSizes[0]: must be an object, not an array"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1}, {"itemSizes": [{"width": 1, "height": 2}, {"width": -3, "height": 2}]}]}"#,
                "sections[1].itemSizes[1].width: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 3, "itemSizes": [{"width": 1, "height": 2}]}]}"#,
                "sections[0].itemCount: is 3 but itemSizes holds 1 size"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemSizes": [{"width": 1, "height": 2}], "itemCount": 0}]}"#,
                "sections[0].itemCount: is 0 but itemSizes holds 1 size"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "sectionInset": {"lft": 1}}]}"#,
                "sections[0].sectionInset.lft: unknown field (expected one of: bottom, left, right, top)"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "sectionInset": {"right": -1}}]}"#,
                "sections[0].sectionInset.right: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "minimumLineSpacing": -1}]}"#,
                "sections[0].minimumLineSpacing: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "minimumInteritemSpacing": "1"}]}"#,
                "sections[0].minimumInteritemSpacing: must be a finite number >= 0, not a string"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "headerReferenceSize": {"width": 1}}]}"#,
                "sections[0].headerReferenceSize.height: is required"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "footerReferenceSize": {"width": 1, "height": 1e999}}]}"#,
                "sections[0].footerReferenceSize.height: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "items": []}]}"#,
                "sections[0].items: unknown field (expected one of: footerReferenceSize, headerReferenceSize, id, itemColumns, itemCount, itemIds, itemSizes, minimumInteritemSpacing, minimumLineSpacing, sectionInset, waterfall)"
            ),
        ])
    func content(document: String, message: String) {
        expectError(document, message)
    }

    static let layoutFieldList =
        "contentAlignment, crossAlignment, displayScale, estimatedItemSize, followsEnd, footerReferenceSize, "
        + "headerReferenceSize, itemSize, "
        + "lastLineAlignment, layoutDirection, lineAlignment, minimumInteritemSpacing, minimumLineSpacing, "
        + "sectionFootersPinToVisibleBounds, sectionHeadersPinToVisibleBounds, sectionInset, waterfall"

    @Test(
        "the options are names spelt exactly, booleans, a scale and a rect, each with its field path",
        arguments: [
            (#""layout": {"lineAlignment": "left"}"#, #"layout.lineAlignment: must be "justified", "leading", "center" or "trailing""#),
            (
                #""layout": {"lineAlignment": "Justified"}"#,
                #"layout.lineAlignment: must be "justified", "leading", "center" or "trailing""#
            ),
            (#""layout": {"lineAlignment": null}"#, #"layout.lineAlignment: must be "justified", "leading", "center" or "trailing""#),
            (
                #""layout": {"lastLineAlignment": 1}"#,
                #"layout.lastLineAlignment: must be "automatic", "justified", "leading", "center" or "trailing""#
            ),
            (
                #""layout": {"lastLineAlignment": ["leading"]}"#,
                #"layout.lastLineAlignment: must be "automatic", "justified", "leading", "center" or "trailing""#
            ),
            (#""layout": {"crossAlignment": "middle"}"#, #"layout.crossAlignment: must be "top", "center" or "bottom""#),
            (#""layout": {"crossAlignment": "center "}"#, #"layout.crossAlignment: must be "top", "center" or "bottom""#),
            (#""layout": {"layoutDirection": "rtl"}"#, #"layout.layoutDirection: must be "leftToRight" or "rightToLeft""#),
            (#""layout": {"layoutDirection": "RightToLeft"}"#, #"layout.layoutDirection: must be "leftToRight" or "rightToLeft""#),
            (#""layout": {"layoutDirection": true}"#, #"layout.layoutDirection: must be "leftToRight" or "rightToLeft""#),
            (
                #""layout": {"sectionHeadersPinToVisibleBounds": 1}"#,
                "layout.sectionHeadersPinToVisibleBounds: must be true or false, not a number"
            ),
            (
                #""layout": {"sectionHeadersPinToVisibleBounds": "true"}"#,
                "layout.sectionHeadersPinToVisibleBounds: must be true or false, not a string"
            ),
            (
                #""layout": {"sectionFootersPinToVisibleBounds": null}"#,
                "layout.sectionFootersPinToVisibleBounds: must be true or false, not null"
            ),
            (
                #""layout": {"sectionFootersPinToVisibleBounds": [true]}"#,
                "layout.sectionFootersPinToVisibleBounds: must be true or false, not an array"
            ),
            (#""layout": {"displayScale": -2}"#, "layout.displayScale: must be a finite number >= 0"),
            (#""layout": {"displayScale": 1e400}"#, "layout.displayScale: must be a finite number >= 0"),
            (#""layout": {"displayScale": "2"}"#, "layout.displayScale: must be a finite number >= 0, not a string"),
            (#""layout": {"displayScale": 2e15}"#, "layout.displayScale: must be at most 1e15"),
            (#""layout": {"displayscale": 2}"#, "layout.displayscale: unknown field (expected one of: \(layoutFieldList))"),
            (#""visibleRect": []"#, "visibleRect: must be an object, not an array"),
            (#""visibleRect": {"x": 0, "y": 0, "width": 1}"#, "visibleRect.height: is required"),
            (#""visibleRect": {"y": 0, "height": 1}"#, "visibleRect.x: is required"),
            (
                #""visibleRect": {"x": 0, "y": 0, "width": 1, "height": 1, "z": 0}"#,
                "visibleRect.z: unknown field (expected one of: height, width, x, y)"
            ),
            (#""visibleRect": {"x": "0", "y": 0, "width": 1, "height": 1}"#, "visibleRect.x: must be a finite number, not a string"),
            (#""visibleRect": {"x": 0, "y": -1e400, "width": 1, "height": 1}"#, "visibleRect.y: must be a finite number"),
            (#""visibleRect": {"x": -5, "y": -7.5, "width": -1, "height": 1}"#, "visibleRect.width: must be a finite number >= 0"),
            (#""visibleRect": {"x": 0, "y": 0, "width": 1, "height": 3e15}"#, "visibleRect.height: must be at most 1e15"),
            // The order of the format: the options come after the sizes, in their order.
            (
                #""layout": {"crossAlignment": "x", "lineAlignment": "y"}"#,
                #"layout.lineAlignment: must be "justified", "leading", "center" or "trailing""#
            ),
            (
                #""layout": {"crossAlignment": "x", "lastLineAlignment": "y"}"#,
                #"layout.lastLineAlignment: must be "automatic", "justified", "leading", "center" or "trailing""#
            ),
            (#""layout": {"lineAlignment": "x", "footerReferenceSize": {"width": 1}}"#, "layout.footerReferenceSize.height: is required"),
            (
                #""layout": {"displayScale": -1, "lineAlignment": "x"}"#,
                #"layout.lineAlignment: must be "justified", "leading", "center" or "trailing""#
            ),
            (
                #""layout": {"displayScale": -1, "sectionFootersPinToVisibleBounds": 0, "layoutDirection": "x"}"#,
                #"layout.layoutDirection: must be "leftToRight" or "rightToLeft""#
            ),
            (
                #""layout": {"displayScale": -1, "sectionFootersPinToVisibleBounds": 0}"#,
                "layout.sectionFootersPinToVisibleBounds: must be true or false, not a number"
            ),
            // V is checked after the sections: the last field of the format.
            (#""visibleRect": {"x": 0}, "layout": {"displayScale": -1}"#, "layout.displayScale: must be a finite number >= 0"),
            (#""visibleRect": {"x": 0}, "layout": {"displayScale": 1}"#, "visibleRect.y: is required"),
        ])
    func options(members: String, message: String) {
        expectError(#"{"viewport": {"width": 1, "height": 1}, "sections": [], "# + members + "}", message)
    }

    /// The order of the checks, not of the members, decides which problem is
    /// reported (`FirstProblem`): the tree decoder's order.
    @Test(
        "the first problem in the order of the checks is reported, wherever it stands in the file",
        arguments: [
            // An unknown field outranks everything else in its object, even when it comes last.
            (
                #"{"viewport": {"width": -1, "height": 1}, "sections": [{}], "extra": 1}"#,
                "extra: unknown field (expected one of: layout, scrollDirection, sections, viewport, visibleRect)"
            ),
            (
                #"{"viewport": {"width": -1, "height": 1, "depth": 1}, "sections": []}"#,
                "viewport.depth: unknown field (expected one of: height, width)"
            ),
            // The first unknown field in the document.
            (
                #"{"b": 1, "a": 2, "viewport": {"width": 1, "height": 1}, "sections": []}"#,
                "b: unknown field (expected one of: layout, scrollDirection, sections, viewport, visibleRect)"
            ),
            // Missing fields come before the values of the fields given.
            (#"{"viewport": {"width": -1}, "sections": []}"#, "viewport.height: is required"),
            (#"{"sections": [{}]}"#, "viewport: is required"),
            (
                #"{"sections": [{}], "viewport": {"width": 1, "height": 1}, "scrollDirection": "up"}"#,
                #"scrollDirection: must be "vertical" or "horizontal""#
            ),
            // Then the fields in the order of the format.
            (
                #"{"sections": [{}], "layout": {"minimumLineSpacing": -1}, "viewport": {"width": -1, "height": 1}}"#,
                "viewport.width: must be a finite number >= 0"
            ),
            (
                #"{"sections": [{}], "layout": {"minimumLineSpacing": -1}, "viewport": {"width": 1, "height": 1}}"#,
                "layout.minimumLineSpacing: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"footerReferenceSize": [], "itemSize": 1}, "sections": []}"#,
                "layout.itemSize: must be an object, not a number"
            ),
            (#"{"viewport": {"height": -1, "width": -1}, "sections": []}"#, "viewport.width: must be a finite number >= 0"),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"sectionInset": {"right": -1, "top": -1}}, "sections": []}"#,
                "layout.sectionInset.top: must be a finite number >= 0"
            ),
            (#"{"sections": 1}"#, "viewport: is required"),
            (
                #"{"visibleRect": {"x": 0}, "viewport": {"width": 1, "height": 1}, "sections": [{}]}"#,
                "sections[0]: needs itemCount or itemSizes"
            ),
            (
                #"{"visibleRect": 3, "viewport": {"width": 1, "height": 1}, "sections": [], "layout": {"displayScale": -1}}"#,
                "layout.displayScale: must be a finite number >= 0"
            ),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": [{}, {"itemCount": -1}]}"#, "sections[0]: needs itemCount or itemSizes"),
            // In a section: the sizes before the count, the count before the overrides.
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": -1, "itemSizes": [{"width": -1, "height": 1}]}]}"#,
                "sections[0].itemSizes[0].width: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": -1, "itemSizes": 3}]}"#,
                "sections[0].itemSizes: must be an array, not a number"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"minimumLineSpacing": -1, "itemCount": -1}]}"#,
                "sections[0].itemCount: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"minimumLineSpacing": -1, "itemCount": 2, "itemSizes": []}]}"#,
                "sections[0].itemCount: is 2 but itemSizes holds 0 sizes"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"footerReferenceSize": 1, "sectionInset": 1, "itemCount": 1}]}"#,
                "sections[0].sectionInset: must be an object, not a number"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemSizes": [{"width": 1, "height": 1}, {"width": -1, "height": 1}, {"width": -2, "height": 1}], "bad": 1}]}"#,
                "sections[0].bad: unknown field (expected one of: footerReferenceSize, headerReferenceSize, id, itemColumns, itemCount, itemIds, itemSizes, minimumInteritemSpacing, minimumLineSpacing, sectionInset, waterfall)"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemSizes": [{"width": 1, "height": 1}, {"width": -1, "height": 1}, {"width": -2, "height": 1}]}]}"#,
                "sections[0].itemSizes[1].width: must be a finite number >= 0"
            ),
        ])
    func order(document: String, message: String) {
        expectError(document, message)
    }
}
