print("narrate: under construction")
