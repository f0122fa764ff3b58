pragma solidity ^0.4.24;

contract Lottery {
    uint256 public pot;
    uint256 public lastDraw;

    function play() public payable {
        uint256 seed = uint256(keccak256(abi.encodePacked(block.timestamp, msg.sender))); // @expect weak-randomness
        if (seed % 2 == 0) { // @expect weak-randomness
            msg.sender.transfer(msg.value * 2);
        }
    }

    function pick(uint256 players) public view returns (uint256) {
        return uint256(blockhash(block.number - 1)) % players; // @expect weak-randomness
    }

    function legacy(uint256 n) public view returns (uint256) {
        uint256 t = now;
        return t % n; // @expect weak-randomness
    }

    // Hashing user data only.
    function commit(bytes32 secret) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(secret));
    }

    // Recording a time is not drawing a number.
    function draw() public {
        lastDraw = block.timestamp;
        pot = pot % 7;
    }
}
