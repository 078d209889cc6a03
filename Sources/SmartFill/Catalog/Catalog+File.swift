import SmartFillSupport

// Reading a catalog file without holding its text: the scanner reads it through a window a chunk at a time, so
// that the memory a large catalog needs is the catalog's own. Only when the scanner gives up (a problem, or a form
// it does not expect) is the whole text read, for the generic reader, which says what the problem is exactly as
// for a text in memory.

extension Catalog {
  /// Why a catalog file was not read: the file itself, or a problem of its text.
  package enum FileReadError: Error, Sendable, Hashable {
    /// The file is missing, not a regular file, over the bound, or the system refused.
    case file(FileError)
    /// The text is not a valid catalog: the first problem, as ``Catalog/init(json:)`` throws it.
    case catalog(CatalogError)
  }

  /// The chunk a catalog file is read by: small enough to stay in a core's caches, large enough that the
  /// system calls do not count.
  package static let fileChunkBytes = 1 << 18

  /// Reads the catalog file at `path`, at most `maximumBytes` long, a chunk of `chunkBytes` at a time.
  ///
  /// The file is opened as ``BoundedFile/Reader`` opens one (a FIFO, a device or a larger file is refused, not
  /// waited on). A valid catalog is read in one pass, with memory for the window (`chunkBytes`, more only while a
  /// single string is longer) besides the catalog; otherwise the file is read again whole and the first problem
  /// is the one ``Catalog/init(json:)`` throws for the same text.
  ///
  /// - Throws: ``FileReadError/file(_:)`` or ``FileReadError/catalog(_:)``.
  /// - Complexity: O(*n*) in the size of the file.
  package init(contentsOfFile path: String, maximumBytes: Int, chunkBytes: Int = Catalog.fileChunkBytes)
    throws(FileReadError)
  {
    let reader: BoundedFile.Reader
    do throws(FileError) {
      guard let opened = try BoundedFile.Reader.open(path, maximumBytes: maximumBytes) else {
        throw FileError(path: path, problem: .missing)
      }
      reader = opened
    } catch {
      throw .file(error)
    }
    var failure: FileError?
    let scanned = CatalogScanner.catalog(
      reading: { buffer throws(CatalogScanner.Unexpected) in
        do throws(FileError) {
          return try reader.read(into: buffer)
        } catch {
          failure = error
          throw CatalogScanner.Unexpected()
        }
      }, windowBytes: chunkBytes)
    if let failure { throw .file(failure) }
    if let scanned {
      self = scanned
      return
    }
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path, maximumBytes: maximumBytes)
    } catch {
      throw .file(error)
    }
    do {
      self = try Catalog.readGenerically(firstProblemOf: bytes)
    } catch {
      throw .catalog(error)
    }
  }
}
