pragma solidity ^0.4.24;

contract LegacyKillable {
    address public owner = msg.sender;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function kill() public {
        selfdestruct(msg.sender); // @expect selfdestruct:unprotected
    }

    function legacyKill() public {
        suicide(msg.sender); // @expect selfdestruct:unprotected
    }

    function ownerKill() public onlyOwner {
        selfdestruct(owner); // @expect selfdestruct:protected
    }
}
